import { CONTACT_PAGE_SIZE, CONTACT_RATE_LIMITS, type ContactInbox } from '@portal/shared/contact';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { asUser, signUpAdmin } from '../../testing/billing-factories.ts';
import {
  latestMessageTo,
  readMailbox,
  type SignedIn,
  signUpAndConfirm,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/factories.ts';
import { databaseOf, startTestApp, testTargets } from '../../testing/test-app.ts';
import { auditEvents } from '../audit/audit.table.ts';

let addressCounter = 0;
/** A network address no other test sends from, so the hourly limit per address stays out of the way. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250)}.${addressCounter % 250}.${1 + (addressCounter % 200)}`;
};

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Visitor',
  email: uniqueEmail('visitor'),
  topic: 'courses',
  message: 'How do I restart a course?',
  ...overrides,
});

describe.each(testTargets())('the contact form and inbox on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let admin: SignedIn & { email: string };

  beforeAll(async () => {
    ({ app, close } = await startTestApp(target));
    admin = await signUpAdmin(app);
  });
  afterAll(async () => {
    await close();
  });

  const send = (
    payload: Record<string, unknown>,
    { headers = {}, remoteAddress = freshAddress() }: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) => app.inject({ method: 'POST', url: '/api/contact', payload, headers, remoteAddress });
  const inbox = async (query = '', by: SignedIn = admin) => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/contact${query}`, headers: asUser(by) });
    expect(response.statusCode).toBe(200);
    return response.json<ContactInbox>();
  };
  const newest = async () => {
    const [first] = (await inbox('?status=new')).messages;
    if (!first) throw new Error('the inbox is empty');
    return first;
  };
  const reply = (id: string, message: string, by: SignedIn = admin) =>
    app.inject({ method: 'POST', url: `/api/admin/contact/${id}/reply`, headers: asUser(by), payload: { message } });
  const setStatus = (id: string, status: string, by: SignedIn = admin) =>
    app.inject({ method: 'PATCH', url: `/api/admin/contact/${id}`, headers: asUser(by), payload: { status } });
  const auditOf = (recordId: string) =>
    databaseOf(app)
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, recordId), eq(auditEvents.tableName, 'contact_messages')));

  it('a visitor’s message is stored as typed, mailed to every admin and confirmed in the sender’s language', async () => {
    const message = '<script>alert("hi")</script> The <b>captions</b> are missing.';
    const payload = form({ email: 'Mixed.Case@Example.com', topic: 'accessibility', message });
    const sent = await send(payload, { headers: { 'x-portal-language': 'de' } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ status: 'received' });

    const stored = await newest();
    expect(stored).toMatchObject({
      name: 'Ada Visitor',
      email: 'mixed.case@example.com',
      topic: 'accessibility',
      status: 'new',
      has_account: false,
    });
    const detail = await app.inject({ method: 'GET', url: `/api/admin/contact/${stored.id}`, headers: asUser(admin) });
    expect(detail.json()).toMatchObject({ message, language: 'de', replies: [] });

    const notice = await latestMessageTo(app, admin.email);
    expect(notice.subject).toBe('New contact message: Accessibility');
    expect(notice.text).toContain('> <script>alert("hi")</script> The <b>captions</b> are missing.');
    expect(notice.text).toContain(`/dashboard/admin/contact?message=${stored.id}`);
    const confirmation = await latestMessageTo(app, 'mixed.case@example.com');
    expect(confirmation.subject).toBe('Wir haben Ihre Nachricht erhalten');
    expect(confirmation.text).toContain('Barrierefreiheit');
    expect(confirmation.text).not.toContain('captions');
  });

  it('every admin is told, each in the language of their profile', async () => {
    const second = await signUpAdmin(app);
    const chosen = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: asUser(second),
      payload: { primary_language: 'Chinese' },
    });
    expect(chosen.statusCode).toBe(200);
    await send(form({ topic: 'billing' }));

    expect((await latestMessageTo(app, admin.email)).subject).toBe('New contact message: Plans and billing');
    expect((await latestMessageTo(app, second.email)).subject).toBe('新的联系消息：套餐与付款');
  });

  it('a signed-in sender is recorded, their message is in their export and leaves with their account', async () => {
    const learner = await signUpAndConfirm(app, { name: 'Lena Learner' });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: asUser(learner),
      payload: form({ name: 'Lena Learner', email: learner.email, message: 'Where is my certificate?' }),
      remoteAddress: freshAddress(),
    });
    expect(sent.statusCode).toBe(200);
    const stored = await newest();
    expect(stored).toMatchObject({ email: learner.email, has_account: true });
    await reply(stored.id, 'It is on your course page.');

    const exported = await app.inject({ method: 'GET', url: '/api/account/export', headers: asUser(learner) });
    expect(exported.json().contact_messages).toEqual([
      expect.objectContaining({ id: stored.id, message: 'Where is my certificate?', topic: 'courses' }),
    ]);
    expect(exported.json().contact_replies).toEqual([
      expect.objectContaining({ message_id: stored.id, message: 'It is on your course page.' }),
    ]);

    const deleted = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: asUser(learner),
      payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await app.inject({ method: 'GET', url: `/api/admin/contact/${stored.id}`, headers: asUser(admin) });
    expect(gone.statusCode).toBe(404);
  });

  it('a filled honeypot is answered like a real message, but nothing is stored or mailed', async () => {
    const before = (await inbox()).counts;
    const email = uniqueEmail('bot');
    const sent = await send(form({ email, website: 'http://spam.example' }));

    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ status: 'received' });
    expect((await inbox()).counts).toEqual(before);
    expect((await readMailbox(app)).some((message) => message.recipient === email)).toBe(false);
  });

  it(`an address may send ${CONTACT_RATE_LIMITS.perAddress} messages an hour; more are refused with the wait`, async () => {
    const email = uniqueEmail('eager');
    for (let index = 0; index < CONTACT_RATE_LIMITS.perAddress; index += 1) {
      expect((await send(form({ email: index % 2 ? email.toUpperCase() : email }))).statusCode).toBe(200);
    }
    const before = (await inbox()).counts;

    const refused = await send(form({ email }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('60 minutes'),
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.json().error.reasons).toEqual([String(wait)]);
    expect((await inbox()).counts).toEqual(before);
    expect((await send(form())).statusCode).toBe(200);
  });

  it(`a network address may send ${CONTACT_RATE_LIMITS.perNetworkAddress} messages an hour, whatever the sender`, async () => {
    const remoteAddress = freshAddress();
    for (let index = 0; index < CONTACT_RATE_LIMITS.perNetworkAddress; index += 1) {
      expect((await send(form(), { remoteAddress })).statusCode).toBe(200);
    }
    const refused = await send(form(), { remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await send(form(), { remoteAddress: freshAddress() })).statusCode).toBe(200);
  });

  it.each([
    { input: 'a blank name', change: { name: '  ' }, text: 'name: Enter your name.' },
    { input: 'no name', change: { name: undefined }, text: 'name: Enter your name.' },
    { input: 'a broken address', change: { email: 'not-an-address' }, text: 'email: Enter a valid email address.' },
    { input: 'an unknown topic', change: { topic: 'gossip' }, text: 'topic: Choose a topic.' },
    { input: 'an empty message', change: { message: '' }, text: 'message: Write your message.' },
    {
      input: 'a message over 5000 characters',
      change: { message: 'x'.repeat(5001) },
      text: 'message: Keep your message under 5000 characters.',
    },
    { input: 'an unknown field', change: { admin: true }, text: 'Unrecognized key: "admin"' },
  ])('$input is refused with a clear 400 and nothing is stored', async ({ change, text }) => {
    const before = (await inbox()).counts;
    const refused = await send(form(change));

    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: 'validation_failed', message: text });
    expect((await inbox()).counts).toEqual(before);
  });

  it('the inbox pages newest first through one status at a time, with the count of each', async () => {
    const names = Array.from({ length: CONTACT_PAGE_SIZE + 3 }, (_, index) => `Pager ${index}`);
    for (const name of names) expect((await send(form({ name }))).statusCode).toBe(200);

    const first = await inbox('?status=new');
    expect(first.messages).toHaveLength(CONTACT_PAGE_SIZE);
    expect(first.messages.slice(0, 3).map((message) => message.name)).toEqual(['Pager 22', 'Pager 21', 'Pager 20']);
    const seen = [...first.messages];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await inbox(`?status=new&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...page.messages);
      cursor = page.next_cursor;
    }
    expect(new Set(seen.map((message) => message.id)).size).toBe(seen.length);
    expect(seen).toHaveLength(first.counts.new);
    const times = seen.map((message) => message.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const [closing] = first.messages;
    expect((await setStatus(closing?.id ?? '', 'closed')).statusCode).toBe(200);
    const closed = await inbox('?status=closed');
    expect(closed.messages.map((message) => message.id)).toContain(closing?.id);
    expect(closed.counts).toEqual({ ...first.counts, new: first.counts.new - 1, closed: first.counts.closed + 1 });
    expect((await inbox('?status=new')).messages.map((message) => message.id)).not.toContain(closing?.id);
  });

  it.each([
    ['?status=spam', 'status'],
    ['?cursor=garbage', 'This page cursor is not valid; start from the first page.'],
    [`?cursor=${btoa('["yesterday","x"]')}`, 'This page cursor is not valid; start from the first page.'],
  ])('an invalid filter or cursor (%s) is a 400', async (query, text) => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/contact${query}`, headers: asUser(admin) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(response.json().error.message).toContain(text);
  });

  it('a reply is mailed to the sender in their language, recorded with the admin, answered and audited', async () => {
    const email = uniqueEmail('asker');
    await send(form({ email, topic: 'privacy', message: 'Do you sell my data?' }), {
      headers: { 'accept-language': 'zh-CN' },
    });
    const { id } = await newest();

    const answered = await reply(id, 'No. <i>Never</i>.');
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'answered',
      replies: [{ message: 'No. <i>Never</i>.', admin_name: expect.any(String), created_at: expect.any(String) }],
    });
    const mail = await latestMessageTo(app, email);
    expect(mail.subject).toBe('回复：隐私与数据');
    expect(mail.text).toContain('No. <i>Never</i>.');
    expect(mail.text).toContain('> Do you sell my data?');
    expect((await inbox('?status=answered')).messages.map((message) => message.id)).toContain(id);
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        action: 'contact.reply',
        actorId: admin.userId,
        userId: null,
        oldValues: { status: 'new' },
        newValues: expect.objectContaining({ status: 'answered' }),
      }),
    ]);
  });

  it('closing and reopening are audited; a reopened answered message is answered again, an unanswered one new', async () => {
    await send(form());
    const { id } = await newest();

    expect((await setStatus(id, 'closed')).json()).toMatchObject({ status: 'closed' });
    expect((await setStatus(id, 'open')).json()).toMatchObject({ status: 'new' });
    await reply(id, 'Done.');
    await setStatus(id, 'closed');
    expect((await setStatus(id, 'open')).json()).toMatchObject({ status: 'answered' });
    expect((await auditOf(id)).map((event) => [event.action, event.actorId, event.newValues])).toEqual([
      ['contact.close', admin.userId, { status: 'closed' }],
      ['contact.reopen', admin.userId, { status: 'new' }],
      ['contact.reply', admin.userId, expect.objectContaining({ status: 'answered' })],
      ['contact.close', admin.userId, { status: 'closed' }],
      ['contact.reopen', admin.userId, { status: 'answered' }],
    ]);
  });

  it('a reply or status change to a missing message is a 404, an empty reply or unknown status a 400', async () => {
    await send(form());
    const { id } = await newest();
    const missing = '00000000-0000-4000-8000-000000000000';

    expect((await reply(missing, 'Hello')).statusCode).toBe(404);
    expect((await setStatus(missing, 'closed')).statusCode).toBe(404);
    expect((await reply(id, '   ')).json().error).toEqual({
      code: 'validation_failed',
      message: 'message: Write your reply.',
    });
    expect((await setStatus(id, 'answered')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/admin/contact/42', headers: asUser(admin) })).statusCode).toBe(
      400,
    );
    expect((await newest()).id).toBe(id);
  });

  it('only admins reach the inbox: a learner gets 403, a visitor 401, and nothing is mailed or changed', async () => {
    const email = uniqueEmail('private');
    await send(form({ email, message: 'Private words' }));
    const { id } = await newest();
    const learner = await signUpAndConfirm(app);
    const before = (await readMailbox(app)).length;

    for (const [headers, status] of [
      [asUser(learner), 403],
      [{}, 401],
    ] as const) {
      const list = await app.inject({ method: 'GET', url: '/api/admin/contact', headers });
      expect(list.statusCode).toBe(status);
      expect(list.body).not.toContain('Private words');
      const read = await app.inject({ method: 'GET', url: `/api/admin/contact/${id}`, headers });
      expect(read.statusCode).toBe(status);
      expect(read.body).not.toContain('Private words');
      const answered = await app.inject({
        method: 'POST',
        url: `/api/admin/contact/${id}/reply`,
        headers,
        payload: { message: 'Hi' },
      });
      expect(answered.statusCode).toBe(status);
      const closed = await app.inject({
        method: 'PATCH',
        url: `/api/admin/contact/${id}`,
        headers,
        payload: { status: 'closed' },
      });
      expect(closed.statusCode).toBe(status);
    }
    expect((await readMailbox(app)).length).toBe(before);
    expect((await newest()).id).toBe(id);
  });
});
