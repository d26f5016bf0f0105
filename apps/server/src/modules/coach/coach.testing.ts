import { randomUUID } from 'node:crypto';
import type { Tier } from '@portal/shared/tiers';
import type { Db } from '../../db/client.ts';
import { courseModules, courses, lessons, type StoredQuizQuestion } from '../courses/courses.table.ts';
import { coachDailyUsage } from './coach.table.ts';

type LessonSeed = { title: string; markdown: string } | { title: string; questions: StoredQuizQuestion[] };

/** A published course with one module of text and quiz lessons, written straight to the database. */
export async function insertCoachCourse(
  db: Db,
  { title, tier = 'calm', lessonSeeds }: { title: string; tier?: Tier; lessonSeeds: LessonSeed[] },
) {
  const [course] = await db
    .insert(courses)
    .values({ slug: `coach-${randomUUID().slice(0, 8)}`, title, status: 'published', requiredTier: tier })
    .returning();
  if (!course) throw new Error('course insert failed');
  const [module] = await db
    .insert(courseModules)
    .values({ courseId: course.id, position: 0, title: 'Unit 1' })
    .returning();
  if (!module) throw new Error('module insert failed');
  const rows = await db
    .insert(lessons)
    .values(
      lessonSeeds.map((seed, position) => ({
        moduleId: module.id,
        courseId: course.id,
        position,
        kind: 'markdown' in seed ? ('text' as const) : ('quiz' as const),
        title: seed.title,
        content:
          'markdown' in seed
            ? { kind: 'text' as const, markdown: seed.markdown, html: `<p>${seed.markdown}</p>` }
            : { kind: 'quiz' as const, pass_mark: 70, questions: seed.questions },
      })),
    )
    .returning();
  return { courseId: course.id, lessonIds: rows.map((row) => row.id) };
}

export const choiceQuestion = (prompt: string, right: string, wrong: string[]): StoredQuizQuestion => ({
  id: randomUUID(),
  kind: 'single',
  prompt,
  choices: [
    { id: randomUUID(), text: right, correct: true },
    ...wrong.map((text) => ({ id: randomUUID(), text, correct: false })),
  ],
  feedback_correct: `${right} is right.`,
  feedback_incorrect: 'Look at the lesson again.',
});

/** Sets how many coach messages a learner has used on a day, as earlier sends would have. */
export async function setCoachUsage(db: Db, userId: string, day: string, messages: number) {
  await db
    .insert(coachDailyUsage)
    .values({ userId, day, messages })
    .onConflictDoUpdate({ target: [coachDailyUsage.userId, coachDailyUsage.day], set: { messages } });
}

export type SseEvent = { event: string; data: Record<string, unknown> };

/** The events of a text/event-stream body, in order. */
export function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/mu.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/mu.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}
