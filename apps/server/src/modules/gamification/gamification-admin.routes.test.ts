import { DEFAULT_GAMIFICATION_SETTINGS } from '@portal/shared/gamification';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { type SignedIn, signInAs, signUpSubscribed } from '../../testing/factories.ts';
import { testTargets } from '../../testing/test-app.ts';
import { auditEvents } from '../audit/audit.table.ts';
import { DEMO_PASSWORD } from '../demo/demo.module.ts';
import { useGamificationApp } from './gamification.testing.ts';

describe.each(testTargets())('gamification: leaderboard and admin thresholds on $name', (target) => {
  const { ctx, as, getJson, stats, happen, lessonCompleted, courseCompleted } = useGamificationApp(target);
  let app: App;
  let database: Database;
  beforeAll(() => {
    ({ app, database } = ctx);
  });

  it('the leaderboard shows only learners who opted in, by name, without ids', async () => {
    const first = await signUpSubscribed(app, 'calm', { name: 'Mira Quill' });
    const second = await signUpSubscribed(app, 'calm', { name: 'Theo Brand' });
    const shy = await signUpSubscribed(app, 'calm', { name: 'Shy Person' });
    await happen(
      lessonCompleted(first.userId, 'board-1'),
      courseCompleted(second.userId, 'board-2'),
      courseCompleted(shy.userId, 'board-3'),
    );
    const optIn = (user: SignedIn, optedIn: boolean) =>
      app.inject({
        method: 'PUT',
        url: '/api/gamification/leaderboard/opt-in',
        headers: as(user),
        payload: { opted_in: optedIn },
      });

    expect(
      (await getJson<{ opted_in: boolean; entries: unknown[] }>(first, '/api/gamification/leaderboard')).entries,
    ).toEqual([]);
    await optIn(first, true);
    const board = (await optIn(second, true)).json();

    const names = board.entries.map((entry: { display_name: string }) => entry.display_name);
    expect(names).toContain('Theo');
    expect(names).toContain('Mira');
    expect(names).not.toContain('Shy');
    expect(board.entries.find((entry: { is_you: boolean }) => entry.is_you)).toMatchObject({ display_name: 'Theo' });
    expect(JSON.stringify(board)).not.toContain(first.userId);
    await optIn(first, false);
    expect(
      (await getJson<{ entries: { display_name: string }[] }>(second, '/api/gamification/leaderboard')).entries.map(
        (entry) => entry.display_name,
      ),
    ).not.toContain('Mira');
  });

  describe('admin thresholds', () => {
    it('a learner cannot read or change them', async () => {
      const learner = await signInAs(app, { email: 'learner@example.com', password: DEMO_PASSWORD });
      const read = await app.inject({ method: 'GET', url: '/api/admin/gamification/settings', headers: as(learner) });
      const write = await app.inject({
        method: 'PUT',
        url: '/api/admin/gamification/settings',
        headers: as(learner),
        payload: DEFAULT_GAMIFICATION_SETTINGS,
      });
      expect([read.statusCode, write.statusCode]).toEqual([403, 403]);
    });

    it('changes apply to the next award at once and are audited', async () => {
      const admin = await signInAs(app, { email: 'admin@example.com', password: DEMO_PASSWORD });
      const learner = await signUpSubscribed(app, 'calm');
      await stats(learner);
      const current = await getJson<{ settings: typeof DEFAULT_GAMIFICATION_SETTINGS }>(
        admin,
        '/api/admin/gamification/settings',
      );
      expect(current.settings).toEqual(DEFAULT_GAMIFICATION_SETTINGS);
      const changed = {
        ...current.settings,
        xp_rules: { ...current.settings.xp_rules, lesson_completed: { xp: 25, daily_cap: null } },
        level_thresholds: [0, 20, 40],
        at_risk_days: 3,
      };

      const saved = await app.inject({
        method: 'PUT',
        url: '/api/admin/gamification/settings',
        headers: as(admin),
        payload: changed,
      });
      expect(saved.statusCode).toBe(200);
      await happen(lessonCompleted(learner.userId, 'lesson-after-change'));

      const after = await stats(learner);
      expect(after.total_xp).toBe(30);
      expect(after.level.level).toBe(2);
      const [entry] = await database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.userId, admin.userId), eq(auditEvents.action, 'gamification.settings.update')));
      expect(entry?.newValues).toMatchObject({ at_risk_days: 3, level_thresholds: [0, 20, 40] });
      expect(entry?.oldValues).toMatchObject({ at_risk_days: 7 });

      const invalid = await app.inject({
        method: 'PUT',
        url: '/api/admin/gamification/settings',
        headers: as(admin),
        payload: { ...changed, level_thresholds: [0, 50, 40] },
      });
      expect(invalid.statusCode).toBe(400);
      await app.inject({
        method: 'PUT',
        url: '/api/admin/gamification/settings',
        headers: as(admin),
        payload: DEFAULT_GAMIFICATION_SETTINGS,
      });
    });
  });
});
