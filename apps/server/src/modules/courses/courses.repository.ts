import type { CourseStatus } from '@portal/shared/courses';
import type { Tier } from '@portal/shared/tiers';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseModules, courses, lessons } from './courses.table.ts';

export type CourseRow = typeof courses.$inferSelect;
export type ModuleRow = typeof courseModules.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type CourseWithCounts = CourseRow & { moduleCount: number; lessonCount: number; durationSeconds: number };

/** A course with its modules and lessons, each in order. */
export type CourseTree = { course: CourseRow; modules: ModuleRow[]; lessons: LessonRow[] };

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = current.cause;
  }
  return false;
}

/** Escapes LIKE wildcards so a search for "100%" finds the text "100%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** The outer course row, qualified: drizzle leaves columns unqualified in single-table selects. */
const outerCourseId = sql`"courses"."id"`;
const counts = {
  moduleCount: sql<number>`(select count(*)::int from ${courseModules} where ${courseModules.courseId} = ${outerCourseId})`,
  lessonCount: sql<number>`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${outerCourseId})`,
  durationSeconds: sql<number>`(select coalesce(sum(${lessons.durationSeconds}), 0)::float8 from ${lessons} where ${lessons.courseId} = ${outerCourseId})`,
};

export function createCoursesRepository({ db }: { db: Db }) {
  async function listModules(courseId: string, executor: Executor = db): Promise<ModuleRow[]> {
    return executor
      .select()
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position), asc(courseModules.createdAt));
  }

  /** Lessons of a course ordered by module position, then lesson position. */
  async function listLessons(courseId: string, executor: Executor = db): Promise<LessonRow[]> {
    const rows = await executor
      .select({ lesson: lessons })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(eq(lessons.courseId, courseId))
      .orderBy(asc(courseModules.position), asc(lessons.position), asc(lessons.createdAt));
    return rows.map((row) => row.lesson);
  }

  /** Serialises structural edits of one course (ordering, moves, inserts). */
  const lockCourse = (executor: Executor, courseId: string) =>
    executor.execute(sql`select ${courses.id} from ${courses} where ${courses.id} = ${courseId} for update`);

  /** Rewrites positions 0..n-1 in the given order. */
  async function renumberLessons(executor: Executor, moduleId: string, ids: string[]) {
    for (const [position, id] of ids.entries()) {
      await executor.update(lessons).set({ moduleId, position, updatedAt: new Date() }).where(eq(lessons.id, id));
    }
  }

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
    async findCourseWithCounts(id: string): Promise<CourseWithCounts | undefined> {
      const [row] = await db
        .select({ course: courses, ...counts })
        .from(courses)
        .where(eq(courses.id, id));
      return row
        ? {
            ...row.course,
            moduleCount: row.moduleCount,
            lessonCount: row.lessonCount,
            durationSeconds: row.durationSeconds,
          }
        : undefined;
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
    async listCoursesWithCounts(
      filter: { statuses?: CourseStatus[]; search?: string; tier?: Tier; ids?: string[] } = {},
    ): Promise<CourseWithCounts[]> {
      if (filter.ids && filter.ids.length === 0) return [];
      const rows = await db
        .select({ course: courses, ...counts })
        .from(courses)
        .where(
          and(
            filter.statuses ? inArray(courses.status, filter.statuses) : undefined,
            filter.tier ? eq(courses.requiredTier, filter.tier) : undefined,
            filter.ids ? inArray(courses.id, filter.ids) : undefined,
            filter.search
              ? or(
                  ilike(courses.title, likePattern(filter.search)),
                  ilike(courses.description, likePattern(filter.search)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(courses.updatedAt), asc(courses.title));
      return rows.map((row) => ({
        ...row.course,
        moduleCount: row.moduleCount,
        lessonCount: row.lessonCount,
        durationSeconds: row.durationSeconds,
      }));
    },

    async loadTree(courseId: string): Promise<CourseTree | undefined> {
      const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
      if (!course) return undefined;
      const [modules, lessonRows] = await Promise.all([listModules(courseId), listLessons(courseId)]);
      return { course, modules, lessons: lessonRows };
    },
    listModules,
    listLessons,

    async findModule(id: string): Promise<ModuleRow | undefined> {
      const [row] = await db.select().from(courseModules).where(eq(courseModules.id, id));
      return row;
    },
    async insertModule(
      courseId: string,
      values: { title: string; description: string; prerequisiteModuleId: string | null },
    ): Promise<ModuleRow> {
      return db.transaction(async (tx) => {
        await lockCourse(tx, courseId);
        const [next] = await tx
          .select({ position: sql<number>`coalesce(max(${courseModules.position}) + 1, 0)::int` })
          .from(courseModules)
          .where(eq(courseModules.courseId, courseId));
        const [row] = await tx
          .insert(courseModules)
          .values({ courseId, position: next?.position ?? 0, ...values })
          .returning();
        if (!row) throw new Error('Module insert returned no row');
        return row;
      });
    },
    async updateModule(
      id: string,
      values: Partial<{ title: string; description: string; prerequisiteModuleId: string | null }>,
    ): Promise<ModuleRow | undefined> {
      const [row] = await db
        .update(courseModules)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(courseModules.id, id))
        .returning();
      return row;
    },
    async countLessonsInModule(moduleId: string): Promise<number> {
      return db.$count(lessons, eq(lessons.moduleId, moduleId));
    },
    /** Deletes an empty module and closes the gap in the order. */
    async deleteModule(module: ModuleRow): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCourse(tx, module.courseId);
        await tx.delete(courseModules).where(eq(courseModules.id, module.id));
        const remaining = await listModules(module.courseId, tx);
        for (const [position, row] of remaining.entries()) {
          if (row.position !== position) {
            await tx.update(courseModules).set({ position }).where(eq(courseModules.id, row.id));
          }
        }
      });
    },
    async setModuleOrder(courseId: string, moduleIds: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCourse(tx, courseId);
        for (const [position, id] of moduleIds.entries()) {
          await tx
            .update(courseModules)
            .set({ position, updatedAt: new Date() })
            .where(and(eq(courseModules.id, id), eq(courseModules.courseId, courseId)));
        }
      });
    },

    async findLesson(id: string): Promise<LessonRow | undefined> {
      const [row] = await db.select().from(lessons).where(eq(lessons.id, id));
      return row;
    },
    async findLessonsByScormPackage(packageId: string): Promise<LessonRow[]> {
      return db.select().from(lessons).where(eq(lessons.scormPackageId, packageId));
    },
    async insertLesson(
      module: ModuleRow,
      values: Omit<typeof lessons.$inferInsert, 'moduleId' | 'courseId' | 'position'>,
    ): Promise<LessonRow> {
      return db.transaction(async (tx) => {
        await lockCourse(tx, module.courseId);
        const [next] = await tx
          .select({ position: sql<number>`coalesce(max(${lessons.position}) + 1, 0)::int` })
          .from(lessons)
          .where(eq(lessons.moduleId, module.id));
        const [row] = await tx
          .insert(lessons)
          .values({ ...values, moduleId: module.id, courseId: module.courseId, position: next?.position ?? 0 })
          .returning();
        if (!row) throw new Error('Lesson insert returned no row');
        return row;
      });
    },
    async updateLesson(
      id: string,
      values: Partial<Omit<typeof lessons.$inferInsert, 'id' | 'moduleId' | 'courseId'>>,
    ): Promise<LessonRow | undefined> {
      const [row] = await db
        .update(lessons)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(lessons.id, id))
        .returning();
      return row;
    },
    async deleteLesson(lesson: LessonRow): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCourse(tx, lesson.courseId);
        await tx.delete(lessons).where(eq(lessons.id, lesson.id));
        const remaining = await tx
          .select({ id: lessons.id })
          .from(lessons)
          .where(eq(lessons.moduleId, lesson.moduleId))
          .orderBy(asc(lessons.position), asc(lessons.createdAt));
        await renumberLessons(
          tx,
          lesson.moduleId,
          remaining.map((row) => row.id),
        );
      });
    },
    /** Applies a full layout: each module's lessons in order (the caller checked it covers every lesson once). */
    async setLessonLayout(courseId: string, layout: { moduleId: string; lessonIds: string[] }[]): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCourse(tx, courseId);
        for (const { moduleId, lessonIds } of layout) await renumberLessons(tx, moduleId, lessonIds);
      });
    },
  };
}
export type CoursesRepository = ReturnType<typeof createCoursesRepository>;
