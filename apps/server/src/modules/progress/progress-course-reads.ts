import type { CourseProgressSummary } from '@portal/shared/course-catalogue';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema.ts';
import type { Executor } from './progress.repository.ts';
import { courseProgress, lessonProgress, moduleCompletions, quizAttempts } from './progress.table.ts';
import { type LessonProgressRow, lessonCount, type QuizAttemptRow, toSummary } from './progress-rows.ts';

async function readCourseProgress(
  db: Db,
  userId: string,
  courseIds: readonly string[] | undefined,
): Promise<CourseProgressSummary[]> {
  if (courseIds && courseIds.length === 0) return [];
  const total = lessonCount(courses.id);
  const rows = await db
    .select({ courseId: courses.id, progress: courseProgress, total })
    .from(courses)
    [courseIds ? 'leftJoin' : 'innerJoin'](
      courseProgress,
      and(eq(courseProgress.courseId, courses.id), eq(courseProgress.userId, userId)),
    )
    .where(courseIds ? inArray(courses.id, [...courseIds]) : undefined)
    .orderBy(desc(courseProgress.lastActivityAt));
  return rows.map((row) => toSummary(row.courseId, row.progress, row.total));
}

/** What the learner's course rows say: per-course progress, lesson rows, recorded modules, the latest quiz attempt. */
export function createCourseProgressReads(db: Db) {
  return {
    /**
     * Progress of one learner in courses: every started course, or exactly `courseIds` (not started ones included).
     * Cheap: reads the per-course rows and counts lessons per course.
     */
    async courseProgressFor(userId: string, courseIds?: readonly string[]): Promise<CourseProgressSummary[]> {
      return readCourseProgress(db, userId, courseIds);
    },

    async findCourseProgress(userId: string, courseId: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(courseProgress)
        .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)));
      return row;
    },
    async listLessonProgress(userId: string, courseId: string, executor: Executor = db): Promise<LessonProgressRow[]> {
      return executor
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)));
    },
    async listModuleCompletions(userId: string, courseId: string, executor: Executor = db): Promise<Set<string>> {
      const rows = await executor
        .select({ moduleId: moduleCompletions.moduleId })
        .from(moduleCompletions)
        .where(and(eq(moduleCompletions.userId, userId), eq(moduleCompletions.courseId, courseId)));
      return new Set(rows.map((row) => row.moduleId));
    },
    async latestQuizAttempt(userId: string, lessonId: string): Promise<QuizAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(quizAttempts)
        .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId)))
        .orderBy(desc(quizAttempts.submittedAt))
        .limit(1);
      return row;
    },
  };
}
