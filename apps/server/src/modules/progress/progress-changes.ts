import { type ProgressReportBody, type QuizSubmitBody, watchedSeconds } from '@portal/shared/progress';
import { AppError } from '../../errors.ts';
import { createWriteBatches } from '../../write-batches.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { CourseCatalogService } from '../courses/course-catalog.service.ts';
import type { CourseTree, LessonRow } from '../courses/course-rows.ts';
import type { DomainEventInput } from '../events/domain-event.types.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import {
  creditWatchedRanges,
  gradeQuiz,
  InvalidQuizAnswer,
  isPdfFinished,
  isTextViewed,
  isVideoWatched,
  watchBudgetSeconds,
} from './completion-rules.ts';
import type { LessonProgressRow, ProgressRepository, Tx } from './progress.repository.ts';
import type { KeptLearnerRows } from './progress-kept-rows.ts';
import type { CompletionChanges, LearnerCourses, Viewer } from './progress-learner-course.ts';
import { REPORTS_PER_STATEMENT, type ReportAtOnce, reportShape } from './progress-reports-at-once.ts';

/**
 * What a report changes in the learner's row as it was (`before`), and whether it finishes the lesson; null for a text
 * lesson never opened (its clock starts when it is served, not when a report arrives), which a report cannot finish.
 */
function planReport(lesson: LessonRow, before: LessonProgressRow, body: ProgressReportBody, now: Date) {
  if (body.kind === 'video') {
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

/**
 * What changes a learner's progress: reading, watching and paging reports, quiz submissions, SCORM completions. Each
 * runs in one transaction with the learner's course locked, completing lessons, modules and the course on the way.
 */
export function createProgressChanges({
  courses,
  progressRepository,
  domainEvents,
  activity,
  learnerCourses: { loadLessonForLearner, assertCanOpen },
  keptRows,
}: {
  courses: Pick<CourseCatalogService, 'loadTree' | 'findLessonsByScormPackage'>;
  progressRepository: ProgressRepository;
  domainEvents: DomainEvents;
  activity: Pick<ActivityService, 'addTime' | 'timeEndingNowForManySteps'>;
  learnerCourses: LearnerCourses;
  keptRows: Pick<KeptLearnerRows, 'saved' | 'drop'>;
}) {
  // The lesson's own clock is lifetime; the hourly ledger is what weekly goals, the home and analytics sum up.
  const logLessonTime = (tx: Tx, userId: string, seconds: number) =>
    activity.addTime({ userId, endedAt: new Date(), seconds, source: 'lesson' }, tx);

  // Reports that complete nothing, of many learners, saved together under load (see write-batches.ts).
  const reportsAtOnce = createWriteBatches({
    send: (reports: ReportAtOnce[]) =>
      progressRepository.saveReportsAtOnce(reports, (gained) => activity.timeEndingNowForManySteps('lesson', gained)),
    shapeOf: (report) => reportShape(report.values),
    learnerOf: (report) => report.key.userId,
    perStatement: REPORTS_PER_STATEMENT,
  });

  /** Completes the lesson and whatever it finishes, recording each event once; runs inside the caller's transaction. */
  async function completeInTransaction(
    tx: Tx,
    userId: string,
    tree: CourseTree,
    lesson: LessonRow,
    events: DomainEventInput[],
  ): Promise<CompletionChanges> {
    const changes = { lesson_completed_now: false, module_completed_now: false, course_completed_now: false };
    if (!(await progressRepository.markLessonCompleted(tx, userId, lesson.id))) return changes;
    changes.lesson_completed_now = true;
    const courseId = tree.course.id;
    events.push({
      type: 'lesson.completed',
      userId,
      subjectId: lesson.id,
      payload: { lessonId: lesson.id, moduleId: lesson.moduleId, courseId },
    });
    const rolledUp = await rollUpInTransaction(tx, userId, tree, events);
    return {
      ...changes,
      module_completed_now: rolledUp.modulesCompleted.has(lesson.moduleId),
      course_completed_now: rolledUp.courseCompleted,
    };
  }

  /**
   * Records the modules and the course the learner's completed lessons now finish, each event once; inside the
   * caller's transaction. Runs after a lesson is completed, and after the course changed (a lesson removed or moved).
   */
  async function rollUpInTransaction(tx: Tx, userId: string, tree: CourseTree, events: DomainEventInput[]) {
    const courseId = tree.course.id;
    const modulesCompleted = new Set<string>();
    let courseCompleted = false;
    const rows = await progressRepository.listLessonProgress(userId, courseId, tx);
    const completed = new Set(rows.filter((row) => row.completedAt).map((row) => row.lessonId));
    const recorded = await progressRepository.listModuleCompletions(userId, courseId, tx);
    for (const module of tree.modules) {
      const moduleLessons = tree.lessons.filter((candidate) => candidate.moduleId === module.id);
      if (recorded.has(module.id) || moduleLessons.length === 0) continue;
      if (!moduleLessons.every((candidate) => completed.has(candidate.id))) continue;
      if (await progressRepository.insertModuleCompletion(tx, { userId, moduleId: module.id, courseId })) {
        recorded.add(module.id);
        modulesCompleted.add(module.id);
        events.push({
          type: 'module.completed',
          userId,
          subjectId: module.id,
          payload: { moduleId: module.id, courseId },
        });
      }
    }
    const everyModuleDone = tree.modules.every(
      (module) => recorded.has(module.id) || !tree.lessons.some((candidate) => candidate.moduleId === module.id),
    );
    if (
      tree.lessons.length > 0 &&
      everyModuleDone &&
      (await progressRepository.markCourseCompleted(tx, userId, courseId))
    ) {
      courseCompleted = true;
      events.push({ type: 'course.completed', userId, subjectId: courseId, payload: { courseId } });
    }
    return { modulesCompleted, courseCompleted };
  }

  /** Runs a progress change for one learner and course under a lock, then records its events with it. */
  async function changeProgress<T>(
    userId: string,
    courseId: string,
    work: (tx: Tx, events: DomainEventInput[]) => Promise<T>,
  ): Promise<T> {
    keptRows.drop(userId);
    const { value, recorded } = await progressRepository.transaction(async (tx) => {
      await progressRepository.lockLearnerCourse(tx, userId, courseId);
      const events: DomainEventInput[] = [];
      const value = await work(tx, events);
      for (const event of events) await domainEvents.record(tx, event);
      return { value, recorded: events.length };
    });
    // Most reports (a page read, a minute watched) complete nothing: there is nothing to deliver then.
    if (recorded > 0) void domainEvents.flush();
    return value;
  }
  return {
    async report(viewer: Viewer, lessonId: string, body: ProgressReportBody) {
      const { lesson, course } = await loadLessonForLearner(viewer, lessonId, true);
      assertCanOpen(viewer, course, lesson);
      if (body.kind !== lesson.kind) {
        throw new AppError('bad_request', `This is a ${lesson.kind} lesson, not a ${body.kind} lesson.`);
      }
      if (body.kind === 'pdf' && body.page > (lesson.pageCount ?? 0)) {
        throw new AppError('bad_request', `This document has ${lesson.pageCount ?? 0} pages.`);
      }
      const userId = viewer.userId;
      const key = { userId, lessonId: lesson.id, courseId: lesson.courseId };
      const noChanges = { lesson_completed_now: false, module_completed_now: false, course_completed_now: false };

      // Most reports (a page read, a minute watched) complete nothing new: they are saved in one statement against
      // the row as read with the course, unless it changed since.
      const read = course.progressByLesson.get(lesson.id);
      const version = course.progressVersions.get(lesson.id);
      if (read && version) {
        const planned = planReport(lesson, read, body, new Date());
        if (planned && (!planned.finished || read.completedAt)) {
          const saved = await reportsAtOnce.save({ key, before: { version, ...read }, values: planned.values });
          if (saved) {
            keptRows.saved(userId, lesson.courseId, saved);
            const { progress, summary } = saved;
            return {
              lesson,
              progress,
              summary,
              changes: noChanges,
              credited: planned.credited,
              capped: planned.capped,
            };
          }
        }
      }

      return changeProgress(userId, lesson.courseId, async (tx, events) => {
        const before = await progressRepository.lockLessonProgress(tx, key);
        const now = new Date();
        const planned = planReport(lesson, before, body, now);
        const saved = await progressRepository.saveActivity(tx, key, planned?.values ?? { reported: true });
        const finished = planned?.finished ?? false;
        await logLessonTime(tx, userId, saved.timeSpentSeconds - before.timeSpentSeconds);
        const changes = finished ? await completeInTransaction(tx, userId, course.tree, lesson, events) : noChanges;
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
    },

    async submitQuiz(viewer: Viewer, lessonId: string, body: QuizSubmitBody) {
      const { lesson, course } = await loadLessonForLearner(viewer, lessonId);
      assertCanOpen(viewer, course, lesson);
      if (lesson.content.kind !== 'quiz')
        throw new AppError('bad_request', `This is a ${lesson.kind} lesson, not a quiz.`);
      const quiz = lesson.content;
      let graded: ReturnType<typeof gradeQuiz>;
      try {
        graded = gradeQuiz(quiz, body.answers);
      } catch (error) {
        if (error instanceof InvalidQuizAnswer) throw new AppError('validation_failed', error.message);
        throw error;
      }
      const userId = viewer.userId;
      const key = { userId, lessonId: lesson.id, courseId: lesson.courseId };
      return changeProgress(userId, lesson.courseId, async (tx, events) => {
        const before = await progressRepository.lockLessonProgress(tx, key);
        const attempt = await progressRepository.insertQuizAttempt(tx, {
          userId,
          lessonId: lesson.id,
          courseId: lesson.courseId,
          score: graded.score,
          passed: graded.passed,
          passMark: quiz.pass_mark,
          results: graded.questions,
        });
        const saved = await progressRepository.saveActivity(tx, key, {
          attempts: before.attempts + 1,
          bestScore: Math.max(before.bestScore ?? 0, graded.score),
        });
        await logLessonTime(tx, userId, saved.timeSpentSeconds - before.timeSpentSeconds);
        let changes: CompletionChanges & { quiz_passed_now: boolean } = {
          lesson_completed_now: false,
          module_completed_now: false,
          course_completed_now: false,
          quiz_passed_now: false,
        };
        if (graded.passed) {
          const completion = await completeInTransaction(tx, userId, course.tree, lesson, events);
          changes = { ...completion, quiz_passed_now: completion.lesson_completed_now };
          if (completion.lesson_completed_now) {
            events.unshift({
              type: 'quiz.passed',
              userId,
              subjectId: lesson.id,
              payload: {
                lessonId: lesson.id,
                courseId: lesson.courseId,
                score: graded.score,
                passMark: quiz.pass_mark,
              },
            });
          }
        }
        const summary = await progressRepository.refreshCourseProgress(tx, userId, lesson.courseId, lesson.id);
        const [progress] = (await progressRepository.listLessonProgress(userId, lesson.courseId, tx)).filter(
          (row) => row.lessonId === lesson.id,
        );
        if (!progress) throw new Error('Lesson progress row missing');
        return { lesson, attempt, progress, summary, changes };
      });
    },

    /**
     * After a course changed shape (a lesson removed or moved): every learner still on it gets the modules and the
     * course their completed lessons now finish (with their XP), and their counts recounted. A learner who had done
     * every lesson but the one removed is done with the course.
     */
    async reconcileCourse(courseId: string) {
      const tree = await courses.loadTree(courseId);
      if (!tree || tree.course.status === 'draft') return;
      for (const userId of await progressRepository.listLearnersStillOn(courseId)) {
        await changeProgress(userId, courseId, async (tx, events) => {
          await rollUpInTransaction(tx, userId, tree, events);
          await progressRepository.refreshCourseProgress(tx, userId, courseId, null);
        });
      }
    },

    /** A SCORM package the learner completed or passed completes every lesson that embeds it. */
    async completeScormLessons(userId: string, packageId: string) {
      for (const lesson of await courses.findLessonsByScormPackage(packageId)) {
        const tree = await courses.loadTree(lesson.courseId);
        if (!tree || tree.course.status === 'draft') continue;
        await changeProgress(userId, lesson.courseId, async (tx, events) => {
          await progressRepository.lockLessonProgress(tx, { userId, lessonId: lesson.id, courseId: lesson.courseId });
          await completeInTransaction(tx, userId, tree, lesson, events);
          await progressRepository.refreshCourseProgress(tx, userId, lesson.courseId, lesson.id);
        });
      }
    },
  };
}
