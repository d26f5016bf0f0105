import { type ProgressReportBody, watchedSeconds } from '@portal/shared/progress';
import { AppError } from '../../errors.ts';
import type { LessonRow } from '../courses/course-rows.ts';
import {
  creditWatchedRanges,
  isPdfFinished,
  isTextViewed,
  isVideoWatched,
  watchBudgetSeconds,
} from './completion-rules.ts';
import type { LessonProgressRow, ProgressRepository, Tx } from './progress.repository.ts';
import { type ChangeProgress, completeInTransaction, noCompletionChanges } from './progress-completion.ts';
import type { KeptLearnerRows } from './progress-kept-rows.ts';
import type { LearnerCourse, LearnerCourses, Viewer } from './progress-learner-course.ts';
import type { ReportAtOnce } from './progress-reports-at-once.ts';

/** What a video report changes: the ranges credited within the wall-time budget since the previous report. */
function planVideoReport(
  lesson: LessonRow,
  before: LessonProgressRow,
  body: Extract<ProgressReportBody, { kind: 'video' }>,
  now: Date,
) {
  const duration = lesson.durationSeconds ?? 0;
  const since = (now.getTime() - (before.lastReportAt ?? now).getTime()) / 1000;
  const result = creditWatchedRanges({
    watched: before.watchedRanges,
    reported: body.ranges,
    durationSeconds: duration,
    budgetSeconds: watchBudgetSeconds(since),
  });
  const total = watchedSeconds(result.watched);
  return {
    values: {
      watchedRanges: result.watched,
      watchedSeconds: total,
      position: Math.min(body.position, duration),
      reported: true,
    },
    finished: isVideoWatched(total, duration),
    credited: result.creditedSeconds as number | null,
    capped: result.capped,
  };
}

/**
 * What a report changes in the learner's row as it was (`before`), and whether it finishes the lesson; null for a text
 * lesson never opened (its clock starts when it is served, not when a report arrives), which a report cannot finish.
 */
function planReport(lesson: LessonRow, before: LessonProgressRow, body: ProgressReportBody, now: Date) {
  if (body.kind === 'video') return planVideoReport(lesson, before, body, now);
  if (body.kind === 'pdf') {
    const maxPage = Math.max(before.maxPage ?? 0, body.page);
    return {
      values: { position: body.page, maxPage, reported: true },
      finished: isPdfFinished(maxPage, lesson.pageCount ?? 0),
      credited: null,
      capped: false,
    };
  }
  if (!before.firstOpenedAt) return null;
  return {
    values: { reported: true },
    finished: isTextViewed(before.firstOpenedAt, now),
    credited: null,
    capped: false,
  };
}

/** Refuses a report of another kind than the lesson, or of a page the document does not have. */
function assertReportFits(lesson: LessonRow, body: ProgressReportBody) {
  if (body.kind !== lesson.kind) {
    throw new AppError('bad_request', `This is a ${lesson.kind} lesson, not a ${body.kind} lesson.`);
  }
  if (body.kind === 'pdf' && body.page > (lesson.pageCount ?? 0)) {
    throw new AppError('bad_request', `This document has ${lesson.pageCount ?? 0} pages.`);
  }
}

/** One report's answer from `saveReportsAtOnce`: undefined when it must take the locked way. */
type SavedAtOnce = Awaited<ReturnType<ProgressRepository['saveReportsAtOnce']>>[number];

type ReportParts = {
  progressRepository: ProgressRepository;
  learnerCourses: Pick<LearnerCourses, 'loadLessonForLearner' | 'assertCanOpen'>;
  keptRows: Pick<KeptLearnerRows, 'saved'>;
  reportsAtOnce: { save: (report: ReportAtOnce) => Promise<SavedAtOnce> };
  changeProgress: ChangeProgress;
  logLessonTime: (tx: Tx, userId: string, seconds: number) => Promise<unknown>;
};

type ReportKey = ReportAtOnce['key'];

type PendingReport = { lesson: LessonRow; course: LearnerCourse; key: ReportKey; body: ProgressReportBody };

/**
 * Most reports (a page read, a minute watched) complete nothing new: they are saved in one statement against the
 * row as read with the course, unless it changed since. Undefined when the report must take the locked way.
 */
async function saveReportAtOnce(parts: ReportParts, { lesson, course, key, body }: PendingReport) {
  const read = course.progressByLesson.get(lesson.id);
  const version = course.progressVersions.get(lesson.id);
  if (!read || !version) return undefined;
  const planned = planReport(lesson, read, body, new Date());
  if (!planned || (planned.finished && !read.completedAt)) return undefined;
  const saved = await parts.reportsAtOnce.save({ key, before: { version, ...read }, values: planned.values });
  if (!saved) return undefined;
  parts.keptRows.saved(key.userId, lesson.courseId, saved);
  const { progress, summary } = saved;
  return {
    lesson,
    progress,
    summary,
    changes: noCompletionChanges(),
    credited: planned.credited,
    capped: planned.capped,
  };
}

function saveReportLocked(
  { progressRepository, changeProgress, logLessonTime }: ReportParts,
  { lesson, course, key, body }: PendingReport,
) {
  const userId = key.userId;
  return changeProgress(userId, lesson.courseId, async (tx, events) => {
    const before = await progressRepository.lockLessonProgress(tx, key);
    const now = new Date();
    const planned = planReport(lesson, before, body, now);
    const saved = await progressRepository.saveActivity(tx, key, planned?.values ?? { reported: true });
    const finished = planned?.finished ?? false;
    await logLessonTime(tx, userId, saved.timeSpentSeconds - before.timeSpentSeconds);
    const changes = finished
      ? await completeInTransaction(progressRepository, { tx, userId, tree: course.tree, lesson, events })
      : noCompletionChanges();
    const summary = await progressRepository.refreshCourseProgress(tx, userId, lesson.courseId, lesson.id);
    // The saved row is current unless completing the lesson changed it again.
    const [progress] = changes.lesson_completed_now
      ? (await progressRepository.listLessonProgress(userId, lesson.courseId, tx)).filter(
          (row) => row.lessonId === lesson.id,
        )
      : [saved];
    const credited = planned?.credited ?? null;
    return { lesson, progress: progress ?? saved, summary, changes, credited, capped: planned?.capped ?? false };
  });
}

/** Reading, watching and paging reports: saved at once when they complete nothing new, else under the course lock. */
export function createProgressReports(parts: ReportParts) {
  return {
    async report(viewer: Viewer, lessonId: string, body: ProgressReportBody) {
      const { lesson, course } = await parts.learnerCourses.loadLessonForLearner(viewer, lessonId, true);
      parts.learnerCourses.assertCanOpen(viewer, course, lesson);
      assertReportFits(lesson, body);
      const key = { userId: viewer.userId, lessonId: lesson.id, courseId: lesson.courseId };
      const pending = { lesson, course, key, body };
      return (await saveReportAtOnce(parts, pending)) ?? saveReportLocked(parts, pending);
    },
  };
}
