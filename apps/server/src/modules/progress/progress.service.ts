import type { CatalogueQuery } from '@portal/shared/courses';
import type { ActivityService } from '../activity/activity.service.ts';
import type { CourseCatalogService } from '../courses/course-catalog.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { ProgressRepository } from './progress.repository.ts';
import { createProgressChanges } from './progress-changes.ts';
import {
  createLearnerCourseLookups,
  createLessonViews,
  createPlanChecks,
  readCatalogue,
  readLibrary,
} from './progress-course-views.ts';
import { createKeptLearnerRows, type KeptLearnerRows } from './progress-kept-rows.ts';
import { createLearnerCourses, type LearnerCourseDeps, type Viewer } from './progress-learner-course.ts';

export type { CompletionChanges, LearnerCourse, Viewer } from './progress-learner-course.ts';

/**
 * The learner's side of courses: what they may open (progress-learner-course.ts), what changes their progress
 * (progress-changes.ts), and the catalogue, library and lesson views (progress-course-views.ts).
 */
export function createProgressService({
  courses,
  progressRepository,
  domainEvents,
  activity,
  getSubscription,
  scormLaunch = async () => null,
  keptRows = createKeptLearnerRows(),
}: Omit<LearnerCourseDeps, 'keptRows'> & {
  courses: CourseCatalogService;
  progressRepository: ProgressRepository;
  domainEvents: DomainEvents;
  activity: Pick<ActivityService, 'addTime' | 'timeEndingNowForManySteps'>;
  /** Where the learner opens a SCORM package embedded as a lesson (their own enrolment), or null if not ready. */
  scormLaunch?: (userId: string, packageId: string) => Promise<string | null>;
  keptRows?: KeptLearnerRows;
}) {
  const learnerCourses = createLearnerCourses({ courses, progressRepository, getSubscription, keptRows });
  const changes = createProgressChanges({
    courses,
    progressRepository,
    domainEvents,
    activity,
    learnerCourses,
    keptRows,
  });

  const listings = { courses, progressRepository, getSubscription };
  return {
    ...createLearnerCourseLookups({ courses, learnerCourses }),
    /** The catalogue: published courses matching the filters, with the learner's access and progress. */
    catalogue: (viewer: Viewer, rawQuery: CatalogueQuery) => readCatalogue(listings, viewer, rawQuery),
    /** Courses the learner started, most recent activity first; drafts never show. */
    library: (viewer: Viewer) => readLibrary(listings, viewer),
    ...createLessonViews({ progressRepository, learnerCourses, keptRows, scormLaunch }),
    ...createPlanChecks({ courses, learnerCourses }),
    ...changes,
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
