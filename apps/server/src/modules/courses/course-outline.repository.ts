import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Executor, LessonRow, ModuleRow } from './course-rows.ts';
import { courseModules, courses, lessons } from './courses.table.ts';

export function listModules(executor: Executor, courseId: string): Promise<ModuleRow[]> {
  return executor
    .select()
    .from(courseModules)
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(courseModules.createdAt));
}

/** Lessons of a course ordered by module position, then lesson position. */
export async function listLessons(executor: Executor, courseId: string): Promise<LessonRow[]> {
  const rows = await executor
    .select({ lesson: lessons })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(lessons.position), asc(lessons.createdAt));
  return rows.map((row) => row.lesson);
}

/** Serialises structural edits of one course (ordering, moves, inserts). */
export const lockCourse = (executor: Executor, courseId: string) =>
  executor.execute(sql`select ${courses.id} from ${courses} where ${courses.id} = ${courseId} for update`);

/** Rewrites positions 0..n-1 in the given order. */
export async function renumberLessons(executor: Executor, moduleId: string, ids: string[]) {
  for (const [position, id] of ids.entries()) {
    await executor.update(lessons).set({ moduleId, position, updatedAt: new Date() }).where(eq(lessons.id, id));
  }
}

/** The order of a course's modules and of the lessons inside them. */
export function createCourseOutlineRepository({ db }: { db: Db }) {
  return {
    listModules: (courseId: string) => listModules(db, courseId),
    listLessons: (courseId: string) => listLessons(db, courseId),
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
    /** Applies a full layout: each module's lessons in order (the caller checked it covers every lesson once). */
    async setLessonLayout(courseId: string, layout: { moduleId: string; lessonIds: string[] }[]): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCourse(tx, courseId);
        for (const { moduleId, lessonIds } of layout) await renumberLessons(tx, moduleId, lessonIds);
      });
    },
  };
}
