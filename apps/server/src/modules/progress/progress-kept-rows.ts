import type { CourseProgressSummary } from '@portal/shared/course-catalogue';
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

type Entry = { courseId: string; rows: LearnerRows; until: number };

/**
 * Each learner's rows of the course they last opened or reported on, kept in this process for their next progress
 * report (a learner reading on reports every few seconds, and each report needed them read again).
 *
 * Nothing here is trusted without the database confirming it, so no notice has to reach this instance when the rows
 * change elsewhere (another instance, another tab, work that follows a SCORM completion):
 * - a report is saved against the lesson row only if it is still the version kept (`saveReportAtOnce`); if it is
 *   not, the report takes the locked way, which reads the row, and the learner's kept rows are dropped;
 * - completions only ever grow, so a module the kept rows show unlocked is unlocked; one they show locked is read
 *   again before a report is refused (`loadLessonForLearner`);
 * - access to the course, its visibility and its structure are not kept here: they come from the plan and the
 *   catalogue at each request.
 */
export function createKeptLearnerRows({
  maxEntries = 10_000,
  ttlMs = 10 * 60_000,
  now = Date.now,
}: {
  maxEntries?: number;
  ttlMs?: number;
  now?: () => number;
} = {}) {
  const entries = new Map<string, Entry>();

  return {
    /** The learner's kept rows of this course, if they are the ones kept and not too old. */
    get(userId: string, courseId: string): LearnerRows | undefined {
      const entry = entries.get(userId);
      if (!entry || entry.courseId !== courseId) return undefined;
      if (now() >= entry.until) {
        entries.delete(userId);
        return undefined;
      }
      return entry.rows;
    },

    /** Keeps rows just read, in place of whatever the learner had kept. */
    keep(userId: string, courseId: string, rows: LearnerRows) {
      entries.delete(userId);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(userId, { courseId, rows, until: now() + ttlMs });
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
      const entry = entries.get(userId);
      if (!entry || entry.courseId !== courseId) return;
      const { lessonId } = saved.progress;
      const others = entry.rows.progressRows.filter((row) => row.lessonId !== lessonId);
      entry.rows = {
        ...entry.rows,
        progressRows: [...others, saved.progress],
        versions: new Map(entry.rows.versions).set(lessonId, saved.version),
        summary: saved.summary ?? entry.rows.summary,
      };
    },

    /** Forgets the learner's kept rows: they changed here in a way not kept above. */
    drop(userId: string) {
      entries.delete(userId);
    },
  };
}
export type KeptLearnerRows = ReturnType<typeof createKeptLearnerRows>;
