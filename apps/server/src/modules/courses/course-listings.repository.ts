import type { CourseStatus } from '@portal/shared/course-rules';
import type { Tier } from '@portal/shared/tiers';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listLessons, listModules } from './course-outline.repository.ts';
import type { CourseRow, CourseTree, CourseWithCounts } from './course-rows.ts';
import { courseModules, courses, lessons } from './courses.table.ts';

/** Escapes LIKE wildcards so a search for "100%" finds the text "100%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** The outer course row, qualified: drizzle leaves columns unqualified in single-table selects. */
const outerCourseId = sql`"courses"."id"`;
const counts = {
  moduleCount: sql<number>`(select count(*)::int from ${courseModules} where ${courseModules.courseId} = ${outerCourseId})`,
  lessonCount: sql<number>`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${outerCourseId})`,
  durationSeconds: sql<number>`(select coalesce(sum(${lessons.durationSeconds}), 0)::float8 from ${lessons} where ${lessons.courseId} = ${outerCourseId})`,
};

type CountedRow = { course: CourseRow; moduleCount: number; lessonCount: number; durationSeconds: number };
const withCounts = (row: CountedRow): CourseWithCounts => ({
  ...row.course,
  moduleCount: row.moduleCount,
  lessonCount: row.lessonCount,
  durationSeconds: row.durationSeconds,
});

type CourseFilter = { statuses?: CourseStatus[]; search?: string; tier?: Tier; ids?: string[] };

/** Courses as lists and pages show them: with their counts, or whole with modules and lessons. */
export function createCourseListingsRepository({ db }: { db: Db }) {
  return {
    async findCourseWithCounts(id: string): Promise<CourseWithCounts | undefined> {
      const [row] = await db
        .select({ course: courses, ...counts })
        .from(courses)
        .where(eq(courses.id, id));
      return row ? withCounts(row) : undefined;
    },
    async listCoursesWithCounts(filter: CourseFilter = {}): Promise<CourseWithCounts[]> {
      if (filter.ids && filter.ids.length === 0) return [];
      const search = filter.search
        ? or(ilike(courses.title, likePattern(filter.search)), ilike(courses.description, likePattern(filter.search)))
        : undefined;
      const rows = await db
        .select({ course: courses, ...counts })
        .from(courses)
        .where(
          and(
            filter.statuses ? inArray(courses.status, filter.statuses) : undefined,
            filter.tier ? eq(courses.requiredTier, filter.tier) : undefined,
            filter.ids ? inArray(courses.id, filter.ids) : undefined,
            search,
          ),
        )
        .orderBy(desc(courses.updatedAt), asc(courses.title));
      return rows.map(withCounts);
    },
    async loadTree(courseId: string): Promise<CourseTree | undefined> {
      const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
      if (!course) return undefined;
      const [modules, lessonRows] = await Promise.all([listModules(db, courseId), listLessons(db, courseId)]);
      return { course, modules, lessons: lessonRows };
    },
  };
}
