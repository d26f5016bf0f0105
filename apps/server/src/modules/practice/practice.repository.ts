import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, lessonProgress, lessons } from '../../db/schema.ts';

/** Quiz lessons the learner completed, in courses still open to learners. */
export function createPracticeRepository({ db }: { db: Db }) {
  return {
    async completedQuizLessons(userId: string) {
      const rows = await db
        .select({ lesson: lessons, courseTitle: courses.title })
        .from(lessonProgress)
        .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
        .innerJoin(courses, eq(courses.id, lessons.courseId))
        .where(
          and(
            eq(lessonProgress.userId, userId),
            isNotNull(lessonProgress.completedAt),
            eq(lessons.kind, 'quiz'),
            inArray(courses.status, ['published', 'archived']),
          ),
        );
      return rows;
    },
  };
}
export type PracticeRepository = ReturnType<typeof createPracticeRepository>;
