import type { Goal, GoalList } from '@portal/shared/goals';
import { todayIn } from '@portal/shared/time-zone';
import { readPart } from '../../read-together.ts';
import type { DomainEvent, DomainEventType } from '../events/domain-event.types.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { GoalsRepository } from './goals.repository.ts';
import { createGoalEdits, createGoalStatusChanges, goalNotFound } from './goals-edits.ts';
import { evaluateGoals, type GoalsDeps } from './goals-evaluation.ts';

export type { GoalStatusAction } from './goals-edits.ts';

/** Activity after which a goal may have reached its target. */
const PROGRESS_EVENTS: ReadonlySet<DomainEventType> = new Set([
  'lesson.completed',
  'module.completed',
  'course.completed',
  'quiz.passed',
  'scorm.completed',
  'scorm.passed',
  'study_session.completed',
]);

/** Deadlines of open goals, as all-day calendar entries. */
const goalCalendarEntries = (goals: Goal[], publicUrl: string) =>
  goals.flatMap((goal) =>
    goal.due_date && goal.status !== 'completed'
      ? [
          {
            id: `goal-${goal.id}`,
            title: goal.title,
            ...(goal.description ? { description: goal.description } : {}),
            start: new Date(`${goal.due_date}T00:00:00Z`),
            allDay: true,
            url: new URL('/dashboard/learner/goals', publicUrl).toString(),
          },
        ]
      : [],
  );

/** What the learner home shows about goals. */
const dashboardSummaryOf = ({ goals, stats }: GoalList) => ({
  active: stats.active,
  averageProgress: stats.average_progress,
  atRisk: goals
    .filter((goal) => goal.at_risk)
    .map((goal) => ({
      id: goal.id,
      title: goal.title,
      dueDate: goal.due_date,
      progress: goal.progress.percent,
    })),
});

/** The learner's goals as they read them: listed, one, the form's options, the calendar and the home. */
function createGoalViews(deps: GoalsDeps, evaluateOne: (userId: string, goalId: string) => Promise<Goal>) {
  const { goalsRepository, timeZoneOf, now } = deps;
  const evaluate = (userId: string) => evaluateGoals(deps, userId);
  return {
    list: (userId: string) => evaluate(userId),
    get: evaluateOne,

    async options(userId: string) {
      const timeZone = await timeZoneOf(userId);
      return {
        courses: await goalsRepository.courseOptions(userId),
        today: todayIn(timeZone, now()),
        time_zone: timeZone,
      };
    },

    /** Deadlines of the learner's open goals, as all-day calendar entries. */
    async calendarEntries(userId: string, publicUrl: string) {
      const { goals } = await evaluate(userId);
      return goalCalendarEntries(goals, publicUrl);
    },

    /** What the learner home shows about goals; the goals are read with the home's other parts. */
    dashboardSummaryPart(userId: string) {
      const listed = goalsRepository.listPart(userId);
      return readPart(listed.query, async (value) =>
        dashboardSummaryOf(await evaluateGoals(deps, userId, listed.read(value))),
      );
    },

    /** Re-checks the learner's goals after activity that may have completed one (idempotent). */
    async onDomainEvent(event: DomainEvent) {
      if (PROGRESS_EVENTS.has(event.type)) await evaluate(event.userId);
    },
  };
}

export function createGoalsService({
  goalsRepository,
  domainEvents,
  timeZoneOf,
  learningSecondsBetween,
  now = () => new Date(),
}: {
  goalsRepository: GoalsRepository;
  domainEvents: DomainEvents;
  timeZoneOf: (userId: string) => Promise<string>;
  /** Seconds the learner spent learning in [from, to): lessons, study sessions (the open one included), SCORM. */
  learningSecondsBetween: (userId: string, window: { from: Date; to: Date }) => Promise<number>;
  now?: () => Date;
}) {
  const deps: GoalsDeps = { goalsRepository, domainEvents, timeZoneOf, learningSecondsBetween, now };
  async function evaluateOne(userId: string, goalId: string): Promise<Goal> {
    const goal = (await evaluateGoals(deps, userId)).goals.find((candidate) => candidate.id === goalId);
    if (!goal) throw goalNotFound();
    return goal;
  }
  return {
    ...createGoalViews(deps, evaluateOne),
    ...createGoalEdits(deps, evaluateOne),
    ...createGoalStatusChanges(deps, evaluateOne),
  };
}
export type GoalsService = ReturnType<typeof createGoalsService>;
