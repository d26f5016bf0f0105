import type { CourseProgressSummary } from '@portal/shared/courses';
import type { Role } from '@portal/shared/roles';
import { hasTierAccess, type SubscriptionStatus, type Tier } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';
import type { CourseCatalogService } from '../courses/course-catalog.service.ts';
import type { CourseRow, CourseTree, LessonRow } from '../courses/course-rows.ts';
import { isLessonReady } from '../courses/courses.presenter.ts';
import { subscriptionRequired } from '../subscription/subscription.errors.ts';
import type { LessonProgressRow, ProgressRepository } from './progress.repository.ts';
import type { KeptLearnerRows, LearnerRows } from './progress-kept-rows.ts';

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
  /** The version of each of those rows as read (see `saveReportsAtOnce`). */
  progressVersions: Map<string, string>;
  modules: Map<string, { completed: boolean; completedAt: Date | null; locked: boolean; done: number; total: number }>;
  summary: CourseProgressSummary;
  /** Built from rows kept since an earlier request rather than read now (see `progress-kept-rows.ts`). */
  fromKept: boolean;
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
  keptRows: KeptLearnerRows;
};

/** Each module's state for the learner: completed (all lessons done, or recorded), when, locked by its prerequisite. */
function moduleStates(
  tree: CourseTree,
  progressByLesson: Map<string, LessonProgressRow>,
  recorded: Set<string>,
): LearnerCourse['modules'] {
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
  return modules;
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

async function canViewerUseCourse(
  { getSubscription }: LearnerCourseDeps,
  viewer: Viewer,
  course: CourseRow,
): Promise<boolean> {
  if (viewer.role === 'admin' || hasTierAccess(viewer.plan, course.requiredTier)) return true;
  return hasTierAccess(await getSubscription(viewer.userId, course.requiredTier), course.requiredTier);
}

/** Drafts exist only for admins; archived courses stay open to learners who started them. */
async function isCourseVisible(
  { progressRepository }: LearnerCourseDeps,
  viewer: Viewer,
  course: CourseRow,
): Promise<boolean> {
  if (viewer.role === 'admin' || course.status === 'published') return true;
  if (course.status === 'archived') {
    return Boolean(await progressRepository.findCourseProgress(viewer.userId, course.id));
  }
  return false;
}

/** A course as one learner may see it: visibility, plan access, their progress, module locks. */
export function createLearnerCourses(deps: LearnerCourseDeps) {
  const { courses, progressRepository, keptRows } = deps;
  const canUseCourse = (viewer: Viewer, course: CourseRow) => canViewerUseCourse(deps, viewer, course);
  const isVisible = (viewer: Viewer, course: CourseRow) => isCourseVisible(deps, viewer, course);

  /** Reads the learner's rows now and keeps them for their next report. */
  async function readRows(userId: string, courseId: string): Promise<LearnerRows> {
    const rows = await progressRepository.readLearnerCourse(userId, courseId);
    keptRows.keep(userId, courseId, rows);
    return rows;
  }

  /**
   * The course as the learner sees it. With `mayUseKept` (a progress report), the learner's rows may be the ones kept
   * since their last request: the report is saved against its row's version, which the database checks.
   */
  async function loadLearnerCourse(viewer: Viewer, courseId: string, mayUseKept = false): Promise<LearnerCourse> {
    const tree = await courses.loadTree(courseId);
    if (!tree || !(await isVisible(viewer, tree.course))) throw courseNotFound();
    const kept = mayUseKept ? keptRows.get(viewer.userId, courseId) : undefined;
    const [accessible, { progressRows, versions, recorded, summary }] = await Promise.all([
      canUseCourse(viewer, tree.course),
      kept ?? readRows(viewer.userId, courseId),
    ]);
    const progressByLesson = new Map(progressRows.map((row) => [row.lessonId, row]));
    const modules = moduleStates(tree, progressByLesson, recorded);
    if (!summary) throw courseNotFound();
    return { tree, accessible, progressByLesson, progressVersions: versions, modules, summary, fromKept: !!kept };
  }

  /**
   * The lesson and its course as the learner sees them. With `mayUseKept`, kept rows are used where they cannot
   * mislead: a module they show locked may have been unlocked since, so that is read again before anyone is refused.
   */
  async function loadLessonForLearner(viewer: Viewer, lessonId: string, mayUseKept = false) {
    const lesson = await courses.findLesson(lessonId);
    if (!lesson) throw lessonNotFound();
    const load = (useKept: boolean) =>
      loadLearnerCourse(viewer, lesson.courseId, useKept).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'not_found' ? lessonNotFound() : error;
      });
    let course = await load(mayUseKept);
    if (course.fromKept && course.modules.get(lesson.moduleId)?.locked) course = await load(false);
    return { lesson, course };
  }

  return { canUseCourse, isVisible, loadLearnerCourse, loadLessonForLearner, courseNeedsPlan, assertCanOpen };
}
export type LearnerCourses = ReturnType<typeof createLearnerCourses>;
