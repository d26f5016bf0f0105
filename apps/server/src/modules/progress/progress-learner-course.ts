import type { CourseProgressSummary } from '@portal/shared/courses';
import type { Role } from '@portal/shared/roles';
import { hasTierAccess, type SubscriptionStatus, type Tier } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';
import type { CourseCatalogService } from '../courses/course-catalog.service.ts';
import type { CourseRow, CourseTree, LessonRow } from '../courses/course-rows.ts';
import { isLessonReady } from '../courses/courses.presenter.ts';
import { subscriptionRequired } from '../subscription/subscription.errors.ts';
import type { LessonProgressRow, ProgressRepository } from './progress.repository.ts';

/**
 * Who is asking: learner data is always read and written for this user only. `plan`, when the access check already
 * read it, answers for every tier it reaches without reading it again.
 */
export type Viewer = { userId: string; role: Role; plan?: SubscriptionStatus | undefined };

/** A course as one learner sees it: structure, their rows, and what follows from them. */
export type LearnerCourse = {
  tree: CourseTree;
  accessible: boolean;
  progressByLesson: Map<string, LessonProgressRow>;
  /** The version of each of those rows as read (see `saveReportAtOnce`). */
  progressVersions: Map<string, string>;
  modules: Map<string, { completed: boolean; completedAt: Date | null; locked: boolean; done: number; total: number }>;
  summary: CourseProgressSummary;
};

export type CompletionChanges = {
  lesson_completed_now: boolean;
  module_completed_now: boolean;
  course_completed_now: boolean;
};

export const courseNotFound = () => new AppError('not_found', 'Course not found.');
const lessonNotFound = () => new AppError('not_found', 'Lesson not found.');

export type LearnerCourseDeps = {
  courses: Pick<CourseCatalogService, 'loadTree' | 'findLesson'>;
  progressRepository: ProgressRepository;
  /** The learner's plan; with `atLeast`, as far as it decides access to that tier. */
  getSubscription: (userId: string, atLeast?: Tier) => Promise<SubscriptionStatus>;
};

/** A course as one learner may see it: visibility, plan access, their progress, module locks. */
export function createLearnerCourses({ courses, progressRepository, getSubscription }: LearnerCourseDeps) {
  async function canUseCourse(viewer: Viewer, course: CourseRow): Promise<boolean> {
    if (viewer.role === 'admin' || hasTierAccess(viewer.plan, course.requiredTier)) return true;
    return hasTierAccess(await getSubscription(viewer.userId, course.requiredTier), course.requiredTier);
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
    const tree = await courses.loadTree(courseId);
    if (!tree || !(await isVisible(viewer, tree.course))) throw courseNotFound();
    const [accessible, { progressRows, versions, recorded, summary }] = await Promise.all([
      canUseCourse(viewer, tree.course),
      progressRepository.readLearnerCourse(viewer.userId, courseId),
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
    return { tree, accessible, progressByLesson, progressVersions: versions, modules, summary };
  }

  async function loadLessonForLearner(viewer: Viewer, lessonId: string) {
    const lesson = await courses.findLesson(lessonId);
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

  return { canUseCourse, isVisible, loadLearnerCourse, loadLessonForLearner, courseNeedsPlan, assertCanOpen };
}
export type LearnerCourses = ReturnType<typeof createLearnerCourses>;
