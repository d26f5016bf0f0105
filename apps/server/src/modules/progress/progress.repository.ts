import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readPart, readTogether } from '../../read-together.ts';
import { courseProgress, lessonProgress, moduleCompletions } from './progress.table.ts';
import { createCompletionWrites, createCourseRecounts } from './progress-completion-writes.ts';
import { createCourseProgressReads } from './progress-course-reads.ts';
import type { LearnerRows } from './progress-kept-rows.ts';
import { createLessonActivityWrites, createLessonOpenings, createReportsAtOnce } from './progress-lesson-writes.ts';
import {
  type CourseStandingJson,
  courseStandingJson,
  type LessonProgressJson,
  lessonCount,
  lessonProgressFromJson,
  lessonProgressJson,
  summaryFromJson,
} from './progress-rows.ts';

export type { LessonProgressRow, QuizAttemptRow } from './progress-rows.ts';
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Namespace of the advisory locks that serialise one learner's progress changes in one course. */
const PROGRESS_LOCK_NAMESPACE = 0x70726f;

/** One learner's course read at once, and the transaction and lock their progress changes run in. */
function createLearnerCourseReads(db: Db) {
  return {
    /**
     * One learner's rows of one course in one statement: their lesson progress, the modules recorded complete, and
     * the course summary.
     */
    async readLearnerCourse(userId: string, courseId: string): Promise<LearnerRows> {
      const { course } = await readTogether(db, {
        course: readPart(
          sql`select json_build_object(
            'rows', (select coalesce(json_agg(${lessonProgressJson('p', true)}), '[]'::json)
              from ${lessonProgress} p where p.user_id = ${userId} and p.course_id = ${courseId}),
            'modules', (select coalesce(json_agg(m.module_id), '[]'::json)
              from ${moduleCompletions} m where m.user_id = ${userId} and m.course_id = ${courseId}),
            'standing', (select ${courseStandingJson('c')}
              from ${courseProgress} c where c.user_id = ${userId} and c.course_id = ${courseId}),
            'lessonsTotal', ${lessonCount(courseId)})`,
          (value) =>
            value as {
              rows: LessonProgressJson[];
              modules: string[];
              standing: CourseStandingJson | null;
              lessonsTotal: number;
            },
        ),
      });
      return {
        progressRows: course.rows.map(lessonProgressFromJson),
        /** Each row's version as read, for a change that may go ahead only if the row is still the same. */
        versions: new Map(course.rows.map((row) => [row.lessonId, row.version ?? ''])),
        recorded: new Set(course.modules),
        summary: summaryFromJson(courseId, course.standing, course.lessonsTotal),
      };
    },

    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },
    async lockLearnerCourse(tx: Tx, userId: string, courseId: string) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${PROGRESS_LOCK_NAMESPACE}, hashtext(${`${userId}:${courseId}`}))`,
      );
    },
  };
}

export function createProgressRepository({ db }: { db: Db }) {
  return {
    ...createLearnerCourseReads(db),
    ...createCourseProgressReads(db),
    ...createLessonOpenings(db),
    ...createLessonActivityWrites(),
    ...createReportsAtOnce(db),
    ...createCompletionWrites(),
    ...createCourseRecounts(db),
  };
}
export type ProgressRepository = ReturnType<typeof createProgressRepository>;
