import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lessonProgress } from '../../db/schema.ts';
import { createGamificationRepository } from './gamification.repository.ts';
import { createGamificationService } from './gamification.service.ts';

const DAY_MS = 86_400_000;
/** Days of the demo history, ending yesterday; a focused study session on each keeps the streak going. */
const HISTORY_DAYS = 9;

/**
 * Gives the demo learner an XP history through the real engine: a daily login and a focused study session on
 * each of the last days, and XP for the lessons the demo progress completed. The streak runs up to yesterday, so
 * today it is at risk until the learner does something. Runs once per learner.
 */
export async function seedDemoGamification({ db, learnerId }: { db: Db; learnerId: string }) {
  const repository = createGamificationRepository({ db });
  if ((await repository.findAccount(learnerId)).totalXp > 0) return;
  let clock = new Date();
  const service = createGamificationService({
    repository,
    timeZoneOf: async () => 'UTC',
    canUseShop: async () => true,
    publish: () => undefined,
    audit: async () => undefined,
    logger: { warn: () => undefined },
    now: () => clock,
  });
  await service.ensureShopItems();
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
    const morning = new Date(today.getTime() - daysAgo * DAY_MS + 8 * 3_600_000);
    clock = morning;
    await service.awardDailyLogin(learnerId);
    await service.awardXp({
      userId: learnerId,
      eventType: 'study_session_completed',
      subjectId: `demo-session-${daysAgo}`,
      value: 30 + ((daysAgo * 7) % 30),
      idempotencyKey: `study_session_completed:demo-session-${daysAgo}`,
      occurredAt: new Date(morning.getTime() + 3_600_000),
    });
  }
  const completed = await db
    .select({ lessonId: lessonProgress.lessonId, completedAt: lessonProgress.completedAt })
    .from(lessonProgress)
    .where(
      and(
        eq(lessonProgress.userId, learnerId),
        eq(lessonProgress.status, 'completed'),
        isNotNull(lessonProgress.completedAt),
      ),
    );
  for (const lesson of completed) {
    await service.awardXp({
      userId: learnerId,
      eventType: 'lesson_completed',
      subjectId: lesson.lessonId,
      value: null,
      idempotencyKey: `lesson_completed:${lesson.lessonId}`,
      occurredAt: lesson.completedAt ?? undefined,
    });
  }
}
