import { createWriteBatches } from '../../write-batches.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { CourseCatalogService } from '../courses/course-catalog.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { ProgressRepository, Tx } from './progress.repository.ts';
import {
  type ChangeProgress,
  completeInTransaction,
  createChangeProgress,
  rollUpInTransaction,
} from './progress-completion.ts';
import type { KeptLearnerRows } from './progress-kept-rows.ts';
import type { LearnerCourses } from './progress-learner-course.ts';
import { createQuizSubmissions } from './progress-quiz.ts';
import { createProgressReports } from './progress-report.ts';
import { REPORTS_PER_STATEMENT, type ReportAtOnce, reportShape } from './progress-reports-at-once.ts';

/** What changes every learner's progress when a course or a SCORM package does. */
function createCourseWideChanges({
  courses,
  progressRepository,
  changeProgress,
}: {
  courses: Pick<CourseCatalogService, 'loadTree' | 'findLessonsByScormPackage'>;
  progressRepository: ProgressRepository;
  changeProgress: ChangeProgress;
}) {
  return {
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
          await rollUpInTransaction(progressRepository, { tx, userId, tree, events });
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
          await completeInTransaction(progressRepository, { tx, userId, tree, lesson, events });
          await progressRepository.refreshCourseProgress(tx, userId, lesson.courseId, lesson.id);
        });
      }
    },
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
  learnerCourses,
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
  const changeProgress = createChangeProgress({ progressRepository, domainEvents, keptRows });
  const parts = { progressRepository, learnerCourses, changeProgress, logLessonTime };
  return {
    ...createProgressReports({ ...parts, keptRows, reportsAtOnce }),
    ...createQuizSubmissions(parts),
    ...createCourseWideChanges({ courses, progressRepository, changeProgress }),
  };
}
