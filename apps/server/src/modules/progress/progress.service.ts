import type { CatalogueQuery, CourseProgressSummary } from '@portal/shared/courses';
import { catalogueQuerySchema } from '@portal/shared/courses';
import { type ProgressReportBody, type QuizSubmitBody, watchedSeconds } from '@portal/shared/progress';
import type { Role } from '@portal/shared/roles';
import { hasTierAccess, type SubscriptionStatus, type Tier, tierRank } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';
import type { ActivityRepository } from '../activity/activity.repository.ts';
import { isLessonReady } from '../courses/courses.presenter.ts';
import type { CourseRow, CoursesRepository, CourseTree, LessonRow } from '../courses/courses.repository.ts';
import type { DomainEventInput } from '../events/domain-event.types.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import { subscriptionRequired } from '../subscription/subscription.errors.ts';
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

/** Who is asking: learner data is always read and written for this user only. */
export type Viewer = { userId: string; role: Role };

/** A course as one learner sees it: structure, their rows, and what follows from them. */
export type LearnerCourse = {
  tree: CourseTree;
  accessible: boolean;
  progressByLesson: Map<string, LessonProgressRow>;
  modules: Map<string, { completed: boolean; completedAt: Date | null; locked: boolean; done: number; total: number }>;
  summary: CourseProgressSummary;
};

export type CompletionChanges = {
  lesson_completed_now: boolean;
  module_completed_now: boolean;
  course_completed_now: boolean;
};

const courseNotFound = () => new AppError('not_found', 'Course not found.');
const lessonNotFound = () => new AppError('not_found', 'Lesson not found.');

export function createProgressService({
  coursesRepository,
  progressRepository,
  domainEvents,
  activityRepository,
  getSubscription,
  scormLaunch = async () => null,
}: {
  coursesRepository: CoursesRepository;
  progressRepository: ProgressRepository;
  domainEvents: DomainEvents;
  activityRepository: ActivityRepository;
  getSubscription: (userId: string) => Promise<SubscriptionStatus>;
  /** Where the learner opens a SCORM package embedded as a lesson (their own enrolment), or null if not ready. */
  scormLaunch?: (userId: string, packageId: string) => Promise<string | null>;
}) {
  // The lesson's own clock is lifetime; the hourly ledger is what weekly goals, the home and analytics sum up.
  const logLessonTime = (tx: Tx, userId: string, seconds: number) =>
    activityRepository.addTime({ userId, endedAt: new Date(), seconds, source: 'lesson' }, tx);

  async function canUseCourse(viewer: Viewer, course: CourseRow): Promise<boolean> {
    if (viewer.role === 'admin') return true;
    return hasTierAccess(await getSubscription(viewer.userId), course.requiredTier);
  }

  /** Drafts exist only for admins; archived courses stay open to learners who started them. */
  async function isVisible(viewer: Viewer, course: CourseRow): Promise<boolean> {
    if (viewer.role === 'admin' || course.status === 'published') return true;
    if (course.status === 'archived') {
      return Boolean(await progressRepository.findCourseProgress(viewer.userId, course.id));
    }
    return false;
  }

  async function loadLearnerCourse(viewer: Viewer, courseId: string): Promise<LearnerCourse> {
    const tree = await coursesRepository.loadTree(courseId);
    if (!tree || !(await isVisible(viewer, tree.course))) throw courseNotFound();
    const [accessible, progressRows, recorded, [summary]] = await Promise.all([
      canUseCourse(viewer, tree.course),
      progressRepository.listLessonProgress(viewer.userId, courseId),
      progressRepository.listModuleCompletions(viewer.userId, courseId),
      progressRepository.courseProgressFor(viewer.userId, [courseId]),
    ]);
    const progressByLesson = new Map(progressRows.map((row) => [row.lessonId, row]));
    const modules: LearnerCourse['modules'] = new Map();
    for (const module of tree.modules) {
      const moduleLessons = tree.lessons.filter((lesson) => lesson.moduleId === module.id);
      const completedRows = moduleLessons
        .map((lesson) => progressByLesson.get(lesson.id))
        .filter((row): row is LessonProgressRow => Boolean(row?.completedAt));
      const allDone = moduleLessons.length > 0 && completedRows.length === moduleLessons.length;
      const lastCompletion = completedRows.reduce<Date | null>(
        (latest, row) => (row.completedAt && (!latest || row.completedAt > latest) ? row.completedAt : latest),
        null,
      );
      modules.set(module.id, {
        completed: allDone || recorded.has(module.id) || moduleLessons.length === 0,
        completedAt: allDone || recorded.has(module.id) ? lastCompletion : null,
        locked: false,
        done: completedRows.length,
        total: moduleLessons.length,
      });
    }
    for (const module of tree.modules) {
      const state = modules.get(module.id);
      const prerequisite = module.prerequisiteModuleId ? modules.get(module.prerequisiteModuleId) : undefined;
      if (state && prerequisite) state.locked = !prerequisite.completed;
    }
    if (!summary) throw courseNotFound();
    return { tree, accessible, progressByLesson, modules, summary };
  }

  async function loadLessonForLearner(viewer: Viewer, lessonId: string) {
    const lesson = await coursesRepository.findLesson(lessonId);
    if (!lesson) throw lessonNotFound();
    const course = await loadLearnerCourse(viewer, lesson.courseId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'not_found' ? lessonNotFound() : error;
    });
    return { lesson, course };
  }

  const courseNeedsPlan = (tier: Tier) =>
    subscriptionRequired(tier, `This course is part of the ${tier} plan. Upgrade to open it.`);

  /** Refuses lessons the learner may not open (never naming them), with a code the web turns into the right prompt. */
  function assertCanOpen(viewer: Viewer, course: LearnerCourse, lesson: LessonRow) {
    if (!course.accessible) throw courseNeedsPlan(course.tree.course.requiredTier);
    // Admins preview every lesson; learners wait for prerequisites.
    if (viewer.role !== 'admin' && course.modules.get(lesson.moduleId)?.locked) {
      const module = course.tree.modules.find((candidate) => candidate.id === lesson.moduleId);
      const prerequisite = course.tree.modules.find((candidate) => candidate.id === module?.prerequisiteModuleId);
      throw new AppError('lesson_locked', `Complete "${prerequisite?.title ?? 'the previous module'}" first.`);
    }
    if (!isLessonReady(lesson)) throw new AppError('conflict', 'This lesson is not available yet.');
  }

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
    const rows = await progressRepository.listLessonProgress(userId, courseId, tx);
    const completed = new Set(rows.filter((row) => row.completedAt).map((row) => row.lessonId));
    const recorded = await progressRepository.listModuleCompletions(userId, courseId, tx);
    for (const module of tree.modules) {
      const moduleLessons = tree.lessons.filter((candidate) => candidate.moduleId === module.id);
      if (recorded.has(module.id) || moduleLessons.length === 0) continue;
      if (!moduleLessons.every((candidate) => completed.has(candidate.id))) continue;
      if (await progressRepository.insertModuleCompletion(tx, { userId, moduleId: module.id, courseId })) {
        recorded.add(module.id);
        if (module.id === lesson.moduleId) changes.module_completed_now = true;
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
      changes.course_completed_now = true;
      events.push({ type: 'course.completed', userId, subjectId: courseId, payload: { courseId } });
    }
    return changes;
  }

  /** Runs a progress change for one learner and course under a lock, then records its events with it. */
  async function changeProgress<T>(
    userId: string,
    courseId: string,
    work: (tx: Tx, events: DomainEventInput[]) => Promise<T>,
  ): Promise<T> {
    const result = await progressRepository.transaction(async (tx) => {
      await progressRepository.lockLearnerCourse(tx, userId, courseId);
      const events: DomainEventInput[] = [];
      const value = await work(tx, events);
      for (const event of events) await domainEvents.record(tx, event);
      return value;
    });
    void domainEvents.flush();
    return result;
  }

  return {
    loadLearnerCourse,
    async loadLearnerCourseBySlug(viewer: Viewer, slug: string) {
      const course = await coursesRepository.findCourseBySlug(slug);
      if (!course) throw courseNotFound();
      return loadLearnerCourse(viewer, course.id);
    },
    async loadLearnerModule(viewer: Viewer, moduleId: string) {
      const module = await coursesRepository.findModule(moduleId);
      if (!module) throw new AppError('not_found', 'Module not found.');
      const course = await loadLearnerCourse(viewer, module.courseId).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'not_found'
          ? new AppError('not_found', 'Module not found.')
          : error;
      });
      return { course, moduleId };
    },

    /** The catalogue: published courses matching the filters, with the learner's access and progress. */
    async catalogue(viewer: Viewer, rawQuery: CatalogueQuery) {
      const query = catalogueQuerySchema.parse(rawQuery);
      const rows = await coursesRepository.listCoursesWithCounts({
        statuses: ['published'],
        ...(query.search ? { search: query.search } : {}),
        ...(query.tier ? { tier: query.tier } : {}),
      });
      const subscription = await getSubscription(viewer.userId);
      const progress = new Map(
        (
          await progressRepository.courseProgressFor(
            viewer.userId,
            rows.map((row) => row.id),
          )
        ).map((entry) => [entry.course_id, entry]),
      );
      return rows
        .map((course) => ({
          course,
          accessible: viewer.role === 'admin' || hasTierAccess(subscription, course.requiredTier),
          progress: progress.get(course.id),
        }))
        .filter((entry) => query.access === 'all' || (query.access === 'available') === entry.accessible)
        .sort((a, b) => a.course.title.localeCompare(b.course.title));
    },

    /** Courses the learner started, most recent activity first; drafts never show. */
    async library(viewer: Viewer) {
      const progress = await progressRepository.courseProgressFor(viewer.userId);
      const rows = await coursesRepository.listCoursesWithCounts({
        statuses: ['published', 'archived'],
        ids: progress.map((entry) => entry.course_id),
      });
      const byId = new Map(rows.map((row) => [row.id, row]));
      const subscription = await getSubscription(viewer.userId);
      return progress.flatMap((entry) => {
        const course = byId.get(entry.course_id);
        if (!course) return [];
        return [
          {
            course,
            accessible: viewer.role === 'admin' || hasTierAccess(subscription, course.requiredTier),
            progress: entry,
          },
        ];
      });
    },

    /** The lesson when the learner may open it; the same refusals as opening it. */
    async checkLessonAccess(viewer: Viewer, lessonId: string) {
      const { lesson, course } = await loadLessonForLearner(viewer, lessonId);
      assertCanOpen(viewer, course, lesson);
      return { lesson, course };
    },

    /** Refuses a course above the learner's plan, naming only the tier (a note on one of its lessons, say). */
    async assertCourseInPlan(viewer: Viewer, courseId: string) {
      const course = await coursesRepository.findCourseById(courseId);
      if (course && !(await canUseCourse(viewer, course))) throw courseNeedsPlan(course.requiredTier);
    },

    /**
     * Refuses launching a package that reaches the learner only through course lessons when none of those courses is
     * in their plan; a package no course embeds is left to its own rules.
     */
    async assertCanLaunchCoursePackage(viewer: Viewer, packageId: string) {
      let lowest: Tier | null = null;
      for (const lesson of await coursesRepository.findLessonsByScormPackage(packageId)) {
        const course = await coursesRepository.findCourseById(lesson.courseId);
        if (!course || !(await isVisible(viewer, course))) continue;
        if (await canUseCourse(viewer, course)) return;
        if (!lowest || tierRank(course.requiredTier) < tierRank(lowest)) lowest = course.requiredTier;
      }
      if (lowest) throw courseNeedsPlan(lowest);
    },

    /** Opens a lesson: refuses what the learner may not see, starts the clock, and returns what the view needs. */
    async openLesson(viewer: Viewer, lessonId: string) {
      const { lesson, course } = await loadLessonForLearner(viewer, lessonId);
      assertCanOpen(viewer, course, lesson);
      const progress = await progressRepository.recordOpen({
        userId: viewer.userId,
        lessonId: lesson.id,
        courseId: lesson.courseId,
      });
      const lastAttempt =
        lesson.kind === 'quiz' ? await progressRepository.latestQuizAttempt(viewer.userId, lesson.id) : undefined;
      const scormLaunchUrl =
        lesson.content.kind === 'scorm' ? await scormLaunch(viewer.userId, lesson.content.package_id) : null;
      course.progressByLesson.set(lesson.id, progress);
      return { lesson, course, progress, lastAttempt, scormLaunchUrl };
    },

    async report(viewer: Viewer, lessonId: string, body: ProgressReportBody) {
      const { lesson, course } = await loadLessonForLearner(viewer, lessonId);
      assertCanOpen(viewer, course, lesson);
      if (body.kind !== lesson.kind) {
        throw new AppError('bad_request', `This is a ${lesson.kind} lesson, not a ${body.kind} lesson.`);
      }
      if (body.kind === 'pdf' && body.page > (lesson.pageCount ?? 0)) {
        throw new AppError('bad_request', `This document has ${lesson.pageCount ?? 0} pages.`);
      }
      const userId = viewer.userId;
      const key = { userId, lessonId: lesson.id, courseId: lesson.courseId };
      return changeProgress(userId, lesson.courseId, async (tx, events) => {
        const before = await progressRepository.lockLessonProgress(tx, key);
        const now = new Date();
        let finished = false;
        let credited: number | null = null;
        let capped = false;
        let saved: LessonProgressRow;
        if (body.kind === 'video') {
          const duration = lesson.durationSeconds ?? 0;
          const since = (now.getTime() - (before.lastReportAt ?? now).getTime()) / 1000;
          const result = creditWatchedRanges({
            watched: before.watchedRanges,
            reported: body.ranges,
            durationSeconds: duration,
            budgetSeconds: watchBudgetSeconds(since),
          });
          credited = result.creditedSeconds;
          capped = result.capped;
          const total = watchedSeconds(result.watched);
          saved = await progressRepository.saveActivity(tx, key, {
            watchedRanges: result.watched,
            watchedSeconds: total,
            position: Math.min(body.position, duration),
            reported: true,
          });
          finished = isVideoWatched(total, duration);
        } else if (body.kind === 'pdf') {
          const maxPage = Math.max(before.maxPage ?? 0, body.page);
          saved = await progressRepository.saveActivity(tx, key, { position: body.page, maxPage, reported: true });
          finished = isPdfFinished(maxPage, lesson.pageCount ?? 0);
        } else {
          saved = await progressRepository.saveActivity(tx, key, { reported: true });
          finished = isTextViewed(before.firstOpenedAt ?? saved.firstOpenedAt, now);
        }
        await logLessonTime(tx, userId, saved.timeSpentSeconds - before.timeSpentSeconds);
        const changes = finished
          ? await completeInTransaction(tx, userId, course.tree, lesson, events)
          : { lesson_completed_now: false, module_completed_now: false, course_completed_now: false };
        const summary = await progressRepository.refreshCourseProgress(tx, userId, lesson.courseId, lesson.id);
        const [progress] = (await progressRepository.listLessonProgress(userId, lesson.courseId, tx)).filter(
          (row) => row.lessonId === lesson.id,
        );
        return { lesson, progress: progress ?? saved, summary, changes, credited, capped };
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

    /** A SCORM package the learner completed or passed completes every lesson that embeds it. */
    async completeScormLessons(userId: string, packageId: string) {
      for (const lesson of await coursesRepository.findLessonsByScormPackage(packageId)) {
        const tree = await coursesRepository.loadTree(lesson.courseId);
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
export type ProgressService = ReturnType<typeof createProgressService>;
