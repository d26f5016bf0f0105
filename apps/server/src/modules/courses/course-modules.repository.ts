import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listModules, lockCourse } from './course-outline.repository.ts';
import type { ModuleRow } from './course-rows.ts';
import { courseModules, lessons } from './courses.table.ts';

type ModuleFields = { title: string; description: string; prerequisiteModuleId: string | null };

/** Module rows; a new module goes at the end of its course, a deleted one leaves no gap. */
export function createCourseModulesRepository({ db }: { db: Db }) {
  return {
    async findModule(id: string): Promise<ModuleRow | undefined> {
      const [row] = await db.select().from(courseModules).where(eq(courseModules.id, id));
      return row;
    },
    async insertModule(courseId: string, values: ModuleFields): Promise<ModuleRow> {
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
    async updateModule(id: string, values: Partial<ModuleFields>): Promise<ModuleRow | undefined> {
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
        const remaining = await listModules(tx, module.courseId);
        for (const [position, row] of remaining.entries()) {
          if (row.position !== position) {
            await tx.update(courseModules).set({ position }).where(eq(courseModules.id, row.id));
          }
        }
      });
    },
  };
}
