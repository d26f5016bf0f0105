import type { UserStats, XpResult } from '@portal/shared/gamification';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { testTargets } from '../../testing/test-app.ts';
import { purchases } from './gamification.table.ts';
import { useGamificationApp } from './gamification.testing.ts';

describe.each(testTargets())('gamification: shop and realtime on $name', (target) => {
  const { ctx, as, getJson, stats, happen, lessonCompleted, courseCompleted, shopLearner, purchase, openTab } =
    useGamificationApp(target);
  let app: App;
  let database: Database;
  beforeAll(() => {
    ({ app, database } = ctx);
  });

  it('100 concurrent purchases against a balance that covers one: exactly one succeeds', async () => {
    const learner = await shopLearner();
    await happen(courseCompleted(learner.userId, 'course-shop'));
    expect((await stats(learner)).balance).toBe(205);

    const answers = await Promise.all(Array.from({ length: 100 }, () => purchase(learner, 'streak_freeze')));

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.every((answer) => answer.statusCode === 409)).toBe(true);
    expect(refused[0]?.json().error).toEqual({
      code: 'insufficient_xp',
      message: 'Not enough XP: Streak freeze costs 200 XP and your balance is 5 XP.',
    });
    const after = await stats(learner);
    expect(after).toMatchObject({ total_xp: 205, balance: 5 });
    expect(after.streak.freezes_held).toBe(1);
    expect(await database.db.select().from(purchases).where(eq(purchases.userId, learner.userId))).toHaveLength(1);
  });

  it('a purchase the balance cannot cover fails with the reason and changes nothing', async () => {
    const learner = await shopLearner();

    const response = await purchase(learner, 'theme_ocean');

    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Not enough XP: Ocean theme costs 300 XP and your balance is 5 XP.');
    const shop = await getJson<{ balance: number; items: { id: string; owned: boolean }[] }>(
      learner,
      '/api/gamification/shop',
    );
    expect(shop.balance).toBe(5);
    expect(shop.items.every((item) => !item.owned)).toBe(true);
  });

  it('a retried purchase with the same idempotency key charges once; themes are worn at once', async () => {
    const learner = await shopLearner();
    await happen(courseCompleted(learner.userId, 'course-1'), courseCompleted(learner.userId, 'course-2'));

    const first = await purchase(learner, 'theme_ocean', 'tab-1-click-1');
    const retried = await purchase(learner, 'theme_ocean', 'tab-1-click-1');

    expect(first.json<XpResult>()).toMatchObject({
      item_purchased: { id: 'theme_ocean', name: 'Ocean theme' },
      xp_spent: 300,
      balance: 105,
      total_xp: 405,
      duplicate: false,
    });
    expect(retried.json<XpResult>()).toMatchObject({ xp_spent: 300, balance: 105, duplicate: true });
    expect((await purchase(learner, 'theme_ocean')).json().error.message).toBe('You already own this item.');
    expect((await stats(learner)).equipped).toEqual({ theme: 'theme_ocean', frame: null });
    const notOwned = await app.inject({
      method: 'POST',
      url: '/api/gamification/shop/equip',
      headers: as(learner),
      payload: { item_id: 'frame_gold' },
    });
    expect(notOwned.statusCode).toBe(409);
  });

  it('the points shop needs the me plan', async () => {
    const learner = await signUpSubscribed(app, 'calm');

    const response = await purchase(learner, 'streak_freeze');

    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({ code: 'subscription_required', reasons: ['me'] });
    expect((await getJson<{ allowed: boolean }>(learner, '/api/gamification/shop')).allowed).toBe(false);
  });

  it('a change to XP, streak or badges is pushed to every open tab of that learner only', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const other = await signUpSubscribed(app, 'calm');
    await stats(learner);
    // The other learner's own daily login reaches their tab first, so nothing of theirs is still on its way below.
    const otherTab = openTab(other);
    await otherTab.ready();
    await stats(other);
    await vi.waitFor(() => expect(otherTab.messages).toContainEqual({ type: 'table_change', table: 'user_xp' }));
    const otherHeard = otherTab.messages.length;
    const tabs = [openTab(learner), openTab(learner)];
    await Promise.all(tabs.map((tab) => tab.ready()));

    await happen(lessonCompleted(learner.userId, 'lesson-live'));

    for (const tab of tabs) {
      await vi.waitFor(() =>
        expect(tab.messages).toEqual(
          expect.arrayContaining([
            { type: 'table_change', table: 'user_xp' },
            { type: 'table_change', table: 'streaks' },
            { type: 'table_change', table: 'user_badges' },
            { type: 'table_change', table: 'achievements' },
          ]),
        ),
      );
    }
    expect(otherTab.messages.slice(otherHeard).filter((message) => message.type === 'table_change')).toEqual([]);
    for (const tab of [...tabs, otherTab]) tab.close();
  });

  describe('another learner', () => {
    let owner: SignedIn;
    let intruder: SignedIn;
    let ownerBefore: UserStats;

    beforeAll(async () => {
      owner = await shopLearner();
      intruder = await shopLearner();
      await happen(
        lessonCompleted(owner.userId, 'owner-lesson'),
        courseCompleted(owner.userId, 'owner-course'),
        courseCompleted(intruder.userId, 'intruder-course'),
      );
      await happen(courseCompleted(owner.userId, 'owner-course-2'));
      expect((await purchase(owner, 'frame_gold')).statusCode).toBe(200);
      ownerBefore = await stats(owner);
    });

    it.each([
      { label: 'reads stats', method: 'GET', url: '/api/gamification/stats?user_id=OWNER' },
      { label: 'reads streaks', method: 'GET', url: '/api/gamification/streaks?user_id=OWNER' },
      { label: 'reads badges', method: 'GET', url: '/api/gamification/badges?user_id=OWNER' },
      { label: 'reads achievements', method: 'GET', url: '/api/gamification/achievements?user_id=OWNER' },
      { label: 'reads the shop', method: 'GET', url: '/api/gamification/shop?user_id=OWNER' },
      { label: 'reads the leaderboard', method: 'GET', url: '/api/gamification/leaderboard?user_id=OWNER' },
      { label: 'updates a streak', method: 'POST', url: '/api/gamification/streaks/learning/update?user_id=OWNER' },
      { label: 'checks badges', method: 'POST', url: '/api/gamification/badges/check?user_id=OWNER' },
      {
        label: 'claims XP for their lesson',
        method: 'POST',
        url: '/api/gamification/award',
        payload: { event_type: 'lesson_completed', metadata: { subject_id: 'owner-lesson' } },
        status: 404,
      },
      {
        label: 'claims XP naming them',
        method: 'POST',
        url: '/api/gamification/award',
        payload: { event_type: 'daily_login', user_id: 'OWNER' },
        status: 400,
      },
      {
        label: 'buys for them',
        method: 'POST',
        url: '/api/gamification/shop/purchase',
        payload: { item_id: 'streak_freeze', user_id: 'OWNER' },
        status: 400,
      },
      {
        label: 'wears their frame',
        method: 'POST',
        url: '/api/gamification/shop/equip',
        payload: { item_id: 'frame_gold' },
        status: 409,
      },
      {
        label: 'opts them into the leaderboard',
        method: 'PUT',
        url: '/api/gamification/leaderboard/opt-in',
        payload: { opted_in: true, user_id: 'OWNER' },
        status: 400,
      },
    ] as const)('$label: gets only their own data and changes nothing of the owner', async (action) => {
      const response = await app.inject({
        method: action.method,
        url: action.url.replace('OWNER', owner.userId),
        headers: as(intruder),
        ...('payload' in action
          ? { payload: JSON.parse(JSON.stringify(action.payload).replace('OWNER', owner.userId)) }
          : {}),
      });

      expect(response.statusCode).toBe('status' in action ? action.status : 200);
      expect(response.body).not.toContain(owner.userId);
      if (action.url.startsWith('/api/gamification/stats?')) expect(response.json().total_xp).toBe(205);
      if (action.url.startsWith('/api/gamification/shop?')) expect(response.json().balance).toBe(205);
      const ownerAfter = await stats(owner);
      expect({ ...ownerAfter, daily_login_claimed: true }).toEqual({ ...ownerBefore, daily_login_claimed: true });
    });
  });
});
