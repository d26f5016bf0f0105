import { shiftLocalDate, todayIn } from '@portal/shared/time-zone';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema.ts';
import type { Tx } from './goals.repository.ts';
import { goalChecklistItems, goals } from './goals.table.ts';

const DAY_MS = 86_400_000;

type Ago = (days: number) => Date;
type DemoGoal = { values: typeof goals.$inferInsert; items?: { label: string; doneDaysAgo?: number }[] };

async function insertDemoGoal(tx: Tx, ago: Ago, { values, items = [] }: DemoGoal) {
  const [row] = await tx.insert(goals).values(values).returning({ id: goals.id });
  if (!row || items.length === 0) return;
  await tx.insert(goalChecklistItems).values(
    items.map((item, position) => ({
      goalId: row.id,
      position,
      label: item.label,
      doneAt: item.doneDaysAgo === undefined ? null : ago(item.doneDaysAgo),
    })),
  );
}

function courseDemoGoal(
  learnerId: string,
  course: { id: string; title: string } | undefined,
  { ago, today }: { ago: Ago; today: string },
): DemoGoal[] {
  if (!course) return [];
  return [
    {
      values: {
        userId: learnerId,
        kind: 'course_by_date',
        title: `Finish “${course.title}”`,
        description: 'Two weeks, a little every day.',
        courseId: course.id,
        dueDate: shiftLocalDate(today, 14),
        createdAt: ago(3),
        updatedAt: ago(3),
      },
    },
  ];
}

/** The goals the learner is working on: the course (when it exists), weekly study time, a half-done checklist. */
function openDemoGoals(
  learnerId: string,
  course: { id: string; title: string } | undefined,
  { ago, today }: { ago: Ago; today: string },
): DemoGoal[] {
  return [
    ...courseDemoGoal(learnerId, course, { ago, today }),
    {
      values: {
        userId: learnerId,
        kind: 'study_minutes_weekly',
        title: 'Study 90 minutes a week',
        targetMinutes: 90,
        createdAt: ago(6),
        updatedAt: ago(6),
      },
    },
    {
      values: {
        userId: learnerId,
        kind: 'checklist',
        title: 'Prepare for the exam',
        description: 'Steps from the “Build a weekly plan” lesson.',
        dueDate: shiftLocalDate(today, 10),
        createdAt: ago(4),
        updatedAt: ago(1),
      },
      items: [
        { label: 'Summarise chapter 1 in my own words', doneDaysAgo: 3 },
        { label: 'Make flashcards for the key terms', doneDaysAgo: 1 },
        { label: 'Take a practice quiz' },
        { label: 'Review my mistakes' },
      ],
    },
  ];
}

/** The goals the learner has set aside: a paused XP goal and a completed checklist. */
function settledDemoGoals(learnerId: string, ago: Ago): DemoGoal[] {
  return [
    {
      values: {
        userId: learnerId,
        kind: 'xp_weekly',
        title: 'Earn 300 XP a week',
        targetXp: 300,
        status: 'paused',
        pausedAt: ago(2),
        createdAt: ago(8),
        updatedAt: ago(2),
      },
    },
    {
      values: {
        userId: learnerId,
        kind: 'checklist',
        title: 'Set up my study space',
        status: 'completed',
        completedAt: ago(5),
        firstCompletedAt: ago(5),
        createdAt: ago(9),
        updatedAt: ago(5),
      },
      items: [
        { label: 'Clear the desk', doneDaysAgo: 7 },
        { label: 'Put the phone in another room', doneDaysAgo: 6 },
        { label: 'Block study time in my calendar', doneDaysAgo: 5 },
      ],
    },
  ];
}

/**
 * Gives the demo learner one goal of each kind, in every tab: a course to finish in two weeks, weekly study time,
 * a half-done checklist, a paused XP goal and a completed checklist. Runs once per learner (while they have none).
 */
export async function seedDemoGoals({ db, learnerId, courseSlug }: { db: Db; learnerId: string; courseSlug: string }) {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(goals)
    .where(eq(goals.userId, learnerId));
  if ((existing?.count ?? 0) > 0) return;
  const [course] = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(eq(courses.slug, courseSlug));
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY_MS);
  const today = todayIn('UTC');
  const planned = [...openDemoGoals(learnerId, course, { ago, today }), ...settledDemoGoals(learnerId, ago)];

  await db.transaction(async (tx) => {
    for (const goal of planned) await insertDemoGoal(tx, ago, goal);
  });
}
