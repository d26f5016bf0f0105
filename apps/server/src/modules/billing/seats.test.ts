import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { asUser, signUpPaying } from '../../testing/billing-factories.ts';
import {
  latestMessageTo,
  linkIn,
  readMailbox,
  type SignedIn,
  signUpAndConfirm,
  signUpSubscribed,
  uniqueEmail,
} from '../../testing/factories.ts';
import { databaseOf, startTestApp, testTargets } from '../../testing/test-app.ts';
import { subscriptions } from '../subscription/subscription.table.ts';

const ANALYTICS = '/api/analytics/learner?from=2026-01-01&to=2026-01-31';

describe.each(testTargets())('the shared us plan on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startTestApp(target));
  });
  afterAll(async () => {
    await close();
  });

  const invite = (owner: SignedIn, email: string) =>
    app.inject({ method: 'POST', url: '/api/shared-plan/invites', headers: asUser(owner, 'de'), payload: { email } });
  const overview = async (user: SignedIn) =>
    (await app.inject({ method: 'GET', url: '/api/shared-plan', headers: asUser(user) })).json();
  const tokenFor = async (email: string) => linkIn(await latestMessageTo(app, email)).split('/subscription/invite/')[1];
  const accept = async (member: SignedIn, token: string | undefined) =>
    app.inject({ method: 'POST', url: '/api/shared-plan/accept', headers: asUser(member), payload: { token } });
  const tierOf = async (user: SignedIn) =>
    (await app.inject({ method: 'GET', url: '/api/subscription/check', headers: asUser(user) })).json()
      .subscription_tier;
  /** A learner with a calm plan who accepted an invitation from `owner`. */
  const joinedMember = async (owner: SignedIn) => {
    const member = await signUpSubscribed(app, 'calm', { email: uniqueEmail('member') });
    expect((await invite(owner, member.email)).statusCode).toBe(200);
    expect((await accept(member, await tokenFor(member.email))).statusCode).toBe(200);
    return member;
  };

  it('an invited member accepts by the mailed link and gets us access while the owner’s plan is active', async () => {
    const owner = await signUpPaying(app, 'us', { name: 'Olga Owner' });
    const member = await signUpSubscribed(app, 'calm', { email: uniqueEmail('member') });
    expect((await app.inject({ method: 'GET', url: '/api/shared-plan', headers: asUser(member) })).statusCode).toBe(
      200,
    );
    await invite(owner, member.email.toUpperCase());
    const mail = await latestMessageTo(app, member.email);
    expect(mail.subject).toBe('Olga Owner lädt Sie in den Tarif Us ein');
    expect(await overview(owner)).toMatchObject({ can_share: true, seats_used: 1, seats: [{ status: 'pending' }] });
    const accepted = await accept(member, await tokenFor(member.email));
    expect(accepted.json()).toEqual({ owner_name: 'Olga Owner' });
    expect(await tierOf(member)).toBe('us');
    expect((await invite(member, uniqueEmail())).statusCode).toBe(402);
    expect(await overview(owner)).toMatchObject({ seats_used: 1, seats: [{ status: 'active', email: member.email }] });
    const details = await app.inject({ method: 'GET', url: '/api/billing/subscription', headers: asUser(member) });
    expect(details.json()).toMatchObject({ tier: 'us', shared_from: 'Olga Owner', manageable: false });
  });

  it('the invitation works only for its address, once, and not after it was revoked', async () => {
    const owner = await signUpPaying(app, 'us');
    const invited = await signUpSubscribed(app, 'calm', { email: uniqueEmail('invited') });
    const someoneElse = await signUpSubscribed(app, 'calm');
    await invite(owner, invited.email);
    const token = await tokenFor(invited.email);
    expect((await accept(someoneElse, token)).statusCode).toBe(403);
    const seatId = (await overview(owner)).seats[0].id;
    await app.inject({ method: 'DELETE', url: `/api/shared-plan/seats/${seatId}`, headers: asUser(owner) });
    expect((await accept(invited, token)).statusCode).toBe(404);
    expect(await tierOf(invited)).toBe('calm');
    expect((await overview(owner)).seats_used).toBe(0);
  });

  it('a resend mails a new link and the old one stops working', async () => {
    const owner = await signUpPaying(app, 'us');
    const invited = await signUpSubscribed(app, 'calm', { email: uniqueEmail('invited') });
    await invite(owner, invited.email);
    const oldToken = await tokenFor(invited.email);
    const seatId = (await overview(owner)).seats[0].id;
    const resent = await app.inject({
      method: 'POST',
      url: `/api/shared-plan/seats/${seatId}/resend`,
      headers: asUser(owner),
    });
    expect(resent.statusCode).toBe(200);
    const newToken = await tokenFor(invited.email);
    expect(newToken).not.toBe(oldToken);
    expect((await accept(invited, oldToken)).statusCode).toBe(404);
    expect((await accept(invited, newToken)).statusCode).toBe(200);
  });

  it('five seats at most: the sixth invitation is refused, and a duplicate address too', async () => {
    const owner = await signUpPaying(app, 'us');
    const emails = Array.from({ length: 6 }, () => uniqueEmail('seat'));
    const answers = await Promise.all(emails.map((email) => invite(owner, email)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    const refused = answers.find((answer) => answer.statusCode !== 200);
    expect(refused?.statusCode).toBe(409);
    expect(refused?.json().error.reasons).toEqual(['seats_full']);
    const [revoked, stillPending] = (await overview(owner)).seats;
    await app.inject({ method: 'DELETE', url: `/api/shared-plan/seats/${revoked.id}`, headers: asUser(owner) });
    expect((await invite(owner, stillPending.email)).json().error.reasons).toEqual(['already_invited']);
    expect((await invite(owner, revoked.email)).statusCode).toBe(200);
  });

  it('a me plan cannot share; a removed member and one who leaves fall back to their own plan', async () => {
    const meOwner = await signUpPaying(app, 'me');
    expect((await invite(meOwner, uniqueEmail())).statusCode).toBe(402);
    const owner = await signUpPaying(app, 'us');
    const removed = await joinedMember(owner);
    const leaving = await joinedMember(owner);
    const seatOf = async (email: string) =>
      (await overview(owner)).seats.find((seat: { email: string }) => seat.email === email).id;
    await app.inject({
      method: 'DELETE',
      url: `/api/shared-plan/seats/${await seatOf(removed.email)}`,
      headers: asUser(owner),
    });
    expect(await tierOf(removed)).toBe('calm');
    expect((await latestMessageTo(app, removed.email)).subject).toMatch(/Us plan/);
    await app.inject({ method: 'POST', url: '/api/shared-plan/leave', headers: asUser(leaving) });
    expect(await tierOf(leaving)).toBe('calm');
    expect((await overview(owner)).seats_used).toBe(0);
  });

  it('when the owner’s plan ends members fall back and are told once by mail and on their screen', async () => {
    const owner = await signUpPaying(app, 'us', { name: 'Paul Payer' });
    const member = await joinedMember(owner);
    const withoutPlan = await signUpAndConfirm(app, { email: uniqueEmail('noplan') });
    await invite(owner, withoutPlan.email);
    await accept(withoutPlan, await tokenFor(withoutPlan.email));
    expect(await tierOf(withoutPlan)).toBe('us');
    expect((await app.inject({ method: 'GET', url: ANALYTICS, headers: asUser(withoutPlan) })).statusCode).toBe(200);
    await databaseOf(app)
      .db.update(subscriptions)
      .set({ status: 'expired', currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, owner.userId));
    app.forgetPlanOf(owner.userId);
    expect(await tierOf(member)).toBe('calm');
    expect(await tierOf(withoutPlan)).toBeNull();
    expect((await app.inject({ method: 'GET', url: ANALYTICS, headers: asUser(withoutPlan) })).statusCode).toBe(402);
    expect((await invite(member, uniqueEmail())).statusCode).toBe(402);
    expect((await overview(member)).membership).toMatchObject({ owner_name: 'Paul Payer', active: false });
    await tierOf(member);
    const notices = (await readMailbox(app)).filter(
      (message) => message.recipient === member.email && message.subject === "Paul Payer's Us plan has ended",
    );
    expect(notices).toHaveLength(1);
    await databaseOf(app)
      .db.update(subscriptions)
      .set({ status: 'active', currentPeriodEnd: new Date(Date.now() + 86_400_000) })
      .where(eq(subscriptions.userId, owner.userId));
    app.forgetPlanOf(owner.userId);
    expect(await tierOf(member)).toBe('us');
  });
});
