import type { CourseTree, LessonRow } from '../courses/course-rows.ts';
import type { DomainEventInput } from '../events/domain-event.types.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { ProgressRepository, Tx } from './progress.repository.ts';
import type { KeptLearnerRows } from './progress-kept-rows.ts';
import type { CompletionChanges } from './progress-learner-course.ts';

type Completing = { tx: Tx; userId: string; tree: CourseTree; events: DomainEventInput[] };

/** Runs a progress change for one learner and course under a lock, then records its events with it. */
export type ChangeProgress = <T>(
  userId: string,
  courseId: string,
  work: (tx: Tx, events: DomainEventInput[]) => Promise<T>,
) => Promise<T>;

export const noCompletionChanges = (): CompletionChanges => ({
  lesson_completed_now: false,
  module_completed_now: false,
  course_completed_now: false,
});

/** Completes the lesson and whatever it finishes, recording each event once; runs inside the caller's transaction. */
export async function completeInTransaction(
  progressRepository: ProgressRepository,
  { tx, userId, tree, lesson, events }: Completing & { lesson: LessonRow },
): Promise<CompletionChanges> {
  const changes = noCompletionChanges();
  if (!(await progressRepository.markLessonCompleted(tx, userId, lesson.id))) return changes;
  changes.lesson_completed_now = true;
  const courseId = tree.course.id;
  events.push({
    type: 'lesson.completed',
    userId,
    subjectId: lesson.id,
    payload: { lessonId: lesson.id, moduleId: lesson.moduleId, courseId },
  });
  const rolledUp = await rollUpInTransaction(progressRepository, { tx, userId, tree, events });
  return {
    ...changes,
    module_completed_now: rolledUp.modulesCompleted.has(lesson.moduleId),
    course_completed_now: rolledUp.courseCompleted,
  };
}

/** Records the modules whose lessons are all completed and not yet recorded, each event once; adds them to `recorded`. */
async function recordFinishedModules(
  progressRepository: ProgressRepository,
  { tx, userId, tree, events }: Completing,
  { completed, recorded }: { completed: Set<string>; recorded: Set<string> },
) {
  const courseId = tree.course.id;
  const modulesCompleted = new Set<string>();
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
  return modulesCompleted;
}

/**
 * Records the modules and the course the learner's completed lessons now finish, each event once; inside the
 * caller's transaction. Runs after a lesson is completed, and after the course changed (a lesson removed or moved).
 */
export async function rollUpInTransaction(progressRepository: ProgressRepository, completing: Completing) {
  const { tx, userId, tree, events } = completing;
  const courseId = tree.course.id;
  let courseCompleted = false;
  const rows = await progressRepository.listLessonProgress(userId, courseId, tx);
  const completed = new Set(rows.filter((row) => row.completedAt).map((row) => row.lessonId));
  const recorded = await progressRepository.listModuleCompletions(userId, courseId, tx);
  const modulesCompleted = await recordFinishedModules(progressRepository, completing, { completed, recorded });
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

/** The `ChangeProgress` of these parts: the learner's kept rows dropped, the course locked, its events recorded. */
export function createChangeProgress({
  progressRepository,
  domainEvents,
  keptRows,
}: {
  progressRepository: ProgressRepository;
  domainEvents: DomainEvents;
  keptRows: Pick<KeptLearnerRows, 'drop'>;
}): ChangeProgress {
  return async (userId, courseId, work) => {
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
  };
}
