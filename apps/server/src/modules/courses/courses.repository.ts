import { and, eq, ilike, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createCourseListingsRepository } from './course-listings.repository.ts';
import { createCourseModulesRepository } from './course-modules.repository.ts';
import { createCourseOutlineRepository } from './course-outline.repository.ts';
import type { CourseRow } from './course-rows.ts';
import { courses } from './courses.table.ts';
import { createLessonsRepository } from './lessons.repository.ts';

export type { CourseRow, CourseTree, CourseWithCounts, LessonRow, ModuleRow } from './course-rows.ts';

/** Course rows by id or address. */
function createCourseRowsRepository({ db }: { db: Db }) {
  return {
    async insertCourse(values: typeof courses.$inferInsert): Promise<CourseRow> {
      const [row] = await db.insert(courses).values(values).returning();
      if (!row) throw new Error('Course insert returned no row');
      return row;
    },
    async updateCourse(id: string, values: Partial<typeof courses.$inferInsert>): Promise<CourseRow | undefined> {
      const [row] = await db
        .update(courses)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(courses.id, id))
        .returning();
      return row;
    },
    async findCourseById(id: string): Promise<CourseRow | undefined> {
      const [row] = await db.select().from(courses).where(eq(courses.id, id));
      return row;
    },
    async findCourseBySlug(slug: string): Promise<CourseRow | undefined> {
      const [row] = await db.select().from(courses).where(eq(courses.slug, slug));
      return row;
    },
    /** Slugs starting with `base` used by other courses, to find a free variant. */
    async slugsLike(base: string, exceptCourseId?: string): Promise<string[]> {
      const rows = await db
        .select({ slug: courses.slug })
        .from(courses)
        .where(
          and(
            or(eq(courses.slug, base), ilike(courses.slug, `${base.replace(/[\\%_]/g, (m) => `\\${m}`)}-%`)),
            exceptCourseId ? ne(courses.id, exceptCourseId) : undefined,
          ),
        );
      return rows.map((row) => row.slug);
    },
  };
}

/** Courses, their modules and lessons, and the order they come in. */
export function createCoursesRepository(deps: { db: Db }) {
  return {
    ...createCourseRowsRepository(deps),
    ...createCourseListingsRepository(deps),
    ...createCourseOutlineRepository(deps),
    ...createCourseModulesRepository(deps),
    ...createLessonsRepository(deps),
  };
}
export type CoursesRepository = ReturnType<typeof createCoursesRepository>;
