import type { CourseProgressSummary } from '@portal/shared/course-catalogue';
import { createKeptPerLearner } from '../../kept-per-learner.ts';
import type { LessonProgressRow } from './progress-rows.ts';

/** A learner's rows of one course as read (`readLearnerCourse`). */
export type LearnerRows = {
  progressRows: LessonProgressRow[];
  /** Each row's version as read, for a change that may go ahead only if the row is still the same. */
  versions: Map<string, string>;
  /** Modules recorded complete. */
  recorded: Set<string>;
  summary: CourseProgressSummary;
};

/**
 * Learners whose rows this process keeps at most, and the most rows it keeps for one of them (about 0.7 KB each): at
 * most about 140 MB, and a few MB for the ten to fifty lessons a learner has usually opened in a course. A learner past
 * either is read at each report, as before.
 */
const KEPT_LEARNERS = 1_000;
const KEPT_ROWS = 200;

/**
 * Each learner's rows of the course they last opened or reported on, kept for their next progress report (a learner
 * reading on reports every few seconds, and each report read them again). What makes them safe to use:
 * - a report is saved against the lesson row only if it is still the version kept (`saveReportsAtOnce`); if it is
 *   not, the report takes the locked way, which reads the row, and the learner's kept rows are dropped;
 * - completions only ever grow, so a module the kept rows show unlocked is unlocked; one they show locked is read
 *   again before a report is refused (`loadLessonForLearner`);
 * - access to the course, its visibility and its structure are not kept here: they come from the plan and the
 *   catalogue at each request.
 */
export function createKeptLearnerRows() {
  const kept = createKeptPerLearner<LearnerRows>({ maxEntries: KEPT_LEARNERS });
  return {
    get: kept.get,
    drop: kept.drop,

    /** Keeps rows just read, unless there are too many of them to hold in memory for every learner. */
    keep(userId: string, courseId: string, rows: LearnerRows) {
      if (rows.progressRows.length > KEPT_ROWS) kept.drop(userId);
      else kept.keep(userId, courseId, rows);
    },

    /**
     * A lesson row this process just wrote (a lesson opened, a report saved at once), with its new version and, where
     * the write returned it, the course summary: they become the kept ones.
     */
    saved(
      userId: string,
      courseId: string,
      saved: { progress: LessonProgressRow; version: string; summary?: CourseProgressSummary },
    ) {
      const { lessonId } = saved.progress;
      kept.update(userId, courseId, (rows) => ({
        ...rows,
        progressRows: [...rows.progressRows.filter((row) => row.lessonId !== lessonId), saved.progress],
        versions: new Map(rows.versions).set(lessonId, saved.version),
        summary: saved.summary ?? rows.summary,
      }));
    },
  };
}
export type KeptLearnerRows = ReturnType<typeof createKeptLearnerRows>;
