import type { CatalogueQuery } from '@portal/shared/courses';
import { catalogueQuerySchema } from '@portal/shared/courses';
import { hasTierAccess, type Tier, tierRank } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';
import type { CourseCatalogService } from '../courses/course-catalog.service.ts';
import type { ProgressRepository } from './progress.repository.ts';
import type { KeptLearnerRows } from './progress-kept-rows.ts';
import { courseNotFound, type LearnerCourseDeps, type LearnerCourses, type Viewer } from './progress-learner-course.ts';

type ListingDeps = {
  courses: Pick<CourseCatalogService, 'listCoursesWithCounts'>;
  progressRepository: ProgressRepository;
  getSubscription: LearnerCourseDeps['getSubscription'];
};

/** The catalogue: published courses matching the filters, with the learner's access and progress. */
export async function readCatalogue(
  { courses, progressRepository, getSubscription }: ListingDeps,
  viewer: Viewer,
  rawQuery: CatalogueQuery,
) {
  const query = catalogueQuerySchema.parse(rawQuery);
  const rows = await courses.listCoursesWithCounts({
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
}

/** Courses the learner started, most recent activity first; drafts never show. */
export async function readLibrary({ courses, progressRepository, getSubscription }: ListingDeps, viewer: Viewer) {
  const progress = await progressRepository.courseProgressFor(viewer.userId);
  const rows = await courses.listCoursesWithCounts({
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
}

/** A learner's course found by its address or by one of its modules, refused as the course itself would be. */
export function createLearnerCourseLookups({
  courses,
  learnerCourses: { loadLearnerCourse },
}: {
  courses: Pick<CourseCatalogService, 'findCourseBySlug' | 'findModule'>;
  learnerCourses: LearnerCourses;
}) {
  return {
    loadLearnerCourse,
    async loadLearnerCourseBySlug(viewer: Viewer, slug: string) {
      const course = await courses.findCourseBySlug(slug);
      if (!course) throw courseNotFound();
      return loadLearnerCourse(viewer, course.id);
    },
    async loadLearnerModule(viewer: Viewer, moduleId: string) {
      const module = await courses.findModule(moduleId);
      if (!module) throw new AppError('not_found', 'Module not found.');
      const course = await loadLearnerCourse(viewer, module.courseId).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'not_found'
          ? new AppError('not_found', 'Module not found.')
          : error;
      });
      return { course, moduleId };
    },
  };
}

/** Refusals by plan of things that live in courses: a course's notes, a SCORM package embedded as a lesson. */
export function createPlanChecks({
  courses,
  learnerCourses: { canUseCourse, isVisible, courseNeedsPlan },
}: {
  courses: Pick<CourseCatalogService, 'findCourseById' | 'findLessonsByScormPackage'>;
  learnerCourses: LearnerCourses;
}) {
  return {
    /** Refuses a course above the learner's plan, naming only the tier (a note on one of its lessons, say). */
    async assertCourseInPlan(viewer: Viewer, courseId: string) {
      const course = await courses.findCourseById(courseId);
      if (course && !(await canUseCourse(viewer, course))) throw courseNeedsPlan(course.requiredTier);
    },

    /**
     * Refuses launching a package that reaches the learner only through course lessons when none of those courses is
     * in their plan; a package no course embeds is left to its own rules.
     */
    async assertCanLaunchCoursePackage(viewer: Viewer, packageId: string) {
      let lowest: Tier | null = null;
      for (const lesson of await courses.findLessonsByScormPackage(packageId)) {
        const course = await courses.findCourseById(lesson.courseId);
        if (!course || !(await isVisible(viewer, course))) continue;
        if (await canUseCourse(viewer, course)) return;
        if (!lowest || tierRank(course.requiredTier) < tierRank(lowest)) lowest = course.requiredTier;
      }
      if (lowest) throw courseNeedsPlan(lowest);
    },
  };
}

/** Opening a lesson, and the checks the lesson's file and other views share with it. */
export function createLessonViews({
  progressRepository,
  learnerCourses: { loadLessonForLearner, assertCanOpen },
  keptRows,
  scormLaunch,
}: {
  progressRepository: ProgressRepository;
  learnerCourses: LearnerCourses;
  keptRows: Pick<KeptLearnerRows, 'saved'>;
  scormLaunch: (userId: string, packageId: string) => Promise<string | null>;
}) {
  return {
    /** The lesson when the learner may open it; the same refusals as opening it. */
    async checkLessonAccess(viewer: Viewer, lessonId: string) {
      const { lesson, course } = await loadLessonForLearner(viewer, lessonId);
      assertCanOpen(viewer, course, lesson);
      return { lesson, course };
    },

    /** Opens a lesson: refuses what the learner may not see, starts the clock, and returns what the view needs. */
    async openLesson(viewer: Viewer, lessonId: string) {
      const { lesson, course } = await loadLessonForLearner(viewer, lessonId);
      assertCanOpen(viewer, course, lesson);
      const { progress, version } = await progressRepository.recordOpen({
        userId: viewer.userId,
        lessonId: lesson.id,
        courseId: lesson.courseId,
      });
      keptRows.saved(viewer.userId, lesson.courseId, { progress, version });
      const lastAttempt =
        lesson.kind === 'quiz' ? await progressRepository.latestQuizAttempt(viewer.userId, lesson.id) : undefined;
      const scormLaunchUrl =
        lesson.content.kind === 'scorm' ? await scormLaunch(viewer.userId, lesson.content.package_id) : null;
      course.progressByLesson.set(lesson.id, progress);
      return { lesson, course, progress, lastAttempt, scormLaunchUrl };
    },
  };
}
