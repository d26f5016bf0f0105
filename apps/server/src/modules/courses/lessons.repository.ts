import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockCourse, renumberLessons } from './course-outline.repository.ts';
import type { LessonRow, ModuleRow } from './course-rows.ts';
import { lessons } from './courses.table.ts';

type LessonValues = Omit<typeof lessons.$inferInsert, 'moduleId' | 'courseId' | 'position'>;

async function insertLessonAtEnd(db: Db, module: ModuleRow, values: LessonValues): Promise<LessonRow> {
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
}

async function deleteLessonClosingGap(db: Db, lesson: LessonRow): Promise<void> {
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
}

/** Lesson rows; a new lesson goes at the end of its module, a deleted one leaves no gap. */
export function createLessonsRepository({ db }: { db: Db }) {
  return {
    async findLesson(id: string): Promise<LessonRow | undefined> {
      const [row] = await db.select().from(lessons).where(eq(lessons.id, id));
      return row;
    },
    async findLessonsByScormPackage(packageId: string): Promise<LessonRow[]> {
      return db.select().from(lessons).where(eq(lessons.scormPackageId, packageId));
    },
    insertLesson: (module: ModuleRow, values: LessonValues): Promise<LessonRow> =>
      insertLessonAtEnd(db, module, values),
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
    deleteLesson: (lesson: LessonRow): Promise<void> => deleteLessonClosingGap(db, lesson),
  };
}
