import type { Note, NoteList } from '@portal/shared/notes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { lessons } from '../courses/courses.table.ts';
import { domainEvents } from '../events/domain-events.table.ts';
import { insertCourse } from '../goals/learning-fixtures.testing.ts';

const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[click me](javascript:alert(1))',
  '<a href="javascript:alert(1)">x</a><svg onload=alert(1)>',
];

describe.each(testTargets())('notes on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let course: { courseId: string; lessonIds: string[] };
  let draft: { courseId: string; lessonIds: string[] };

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    course = await insertCourse(database.db, { title: 'Memory techniques', lessonTitles: ['Spacing', 'Retrieval'] });
    draft = await insertCourse(database.db, { title: 'Unreleased', status: 'draft' });
  });
  afterAll(async () => {
    await close();
  });

  const lessonId = (index: number) => course.lessonIds[index] ?? '';
  const create = (cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/notes', headers: { cookie }, payload });
  const list = async (cookie: string, query = '') =>
    (await app.inject({ method: 'GET', url: `/api/notes${query}`, headers: { cookie } })).json<NoteList>();
  const noteCreatedEvents = async (noteId: string) =>
    database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'note.created'), eq(domainEvents.subjectId, noteId)));

  it('a note pinned to a video moment is kept with its course and lesson, and note.created happens once', async () => {
    const { cookie } = await signUpSubscribed(app, 'calm');

    const created = await create(cookie, {
      lesson_id: lessonId(1),
      body: 'Test yourself **before** re-reading.',
      position: { kind: 'video', seconds: 83 },
    });
    expect(created.statusCode).toBe(201);
    const note = created.json<{ note: Note }>().note;
    expect(note).toMatchObject({
      course_id: course.courseId,
      course_title: 'Memory techniques',
      lesson_id: lessonId(1),
      lesson_title: 'Retrieval',
      format: 'markdown',
      position: { kind: 'video', seconds: 83 },
    });
    await create(cookie, {
      lesson_id: lessonId(0),
      body: 'Spread it out',
      format: 'plain',
      position: { kind: 'pdf', page: 3 },
    });
    await create(cookie, { lesson_id: lessonId(1), body: 'Second thought on retrieval' });

    const all = await list(cookie);
    // Grouped by course, then lesson order, oldest first within a lesson.
    expect(all.notes.map((entry) => entry.body)).toEqual([
      'Spread it out',
      'Test yourself **before** re-reading.',
      'Second thought on retrieval',
    ]);
    expect(all.truncated).toBe(false);
    expect((await list(cookie, `?lesson_id=${lessonId(0)}`)).notes).toHaveLength(1);
    expect(await noteCreatedEvents(note.id)).toHaveLength(1);
  });

  it('search finds whole words and parts of words across the learner’s notes only', async () => {
    const alice = await signUpSubscribed(app, 'calm');
    const bob = await signUpSubscribed(app, 'calm');
    await create(alice.cookie, { lesson_id: lessonId(0), body: 'Interleaving mixes related topics' });
    await create(alice.cookie, { lesson_id: lessonId(1), body: 'The forgetting curve drops fast; 复习很重要' });
    await create(bob.cookie, { lesson_id: lessonId(0), body: 'Bob also writes about interleaving' });

    expect((await list(alice.cookie, '?q=interleaving')).notes.map((note) => note.body)).toEqual([
      'Interleaving mixes related topics',
    ]);
    expect((await list(alice.cookie, '?q=forget')).notes).toHaveLength(1);
    expect((await list(alice.cookie, '?q=复习')).notes).toHaveLength(1);
    expect((await list(alice.cookie, `?q=${encodeURIComponent('100%')}`)).notes).toHaveLength(0);
    expect((await list(bob.cookie, '?q=curve')).notes).toHaveLength(0);
  });

  it('a learner edits and deletes their notes, and cannot touch another learner’s', async () => {
    const alice = await signUpSubscribed(app, 'calm');
    const bob = await signUpSubscribed(app, 'calm');
    const note = (await create(alice.cookie, { lesson_id: lessonId(0), body: 'Original' })).json<{ note: Note }>().note;

    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/notes/${note.id}`,
      headers: { cookie: alice.cookie },
      payload: { body: 'Edited', position: { kind: 'pdf', page: 2 } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ note: Note }>().note).toMatchObject({ body: 'Edited', position: { kind: 'pdf', page: 2 } });

    const byBob = [
      await app.inject({
        method: 'PATCH',
        url: `/api/notes/${note.id}`,
        headers: { cookie: bob.cookie },
        payload: { body: 'Bob was here' },
      }),
      await app.inject({ method: 'DELETE', url: `/api/notes/${note.id}`, headers: { cookie: bob.cookie } }),
    ];
    expect(byBob.map((response) => response.statusCode)).toEqual([404, 404]);
    expect((await list(bob.cookie)).notes).toEqual([]);
    expect((await list(alice.cookie)).notes.map((entry) => entry.body)).toEqual(['Edited']);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/notes/${note.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await list(alice.cookie)).notes).toEqual([]);
  });

  it('script in a note stays inert text: stored as written, answered as JSON, exported as a Markdown download', async () => {
    const { cookie } = await signUpSubscribed(app, 'calm');
    for (const body of XSS_PAYLOADS) {
      const response = await create(cookie, { lesson_id: lessonId(0), body });
      expect(response.statusCode).toBe(201);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json<{ note: Note }>().note.body).toBe(body);
    }

    const exported = await app.inject({ method: 'GET', url: '/api/notes/export', headers: { cookie } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="notes-\d{4}-\d{2}-\d{2}\.md"$/);
    expect(exported.headers['x-content-type-options']).toBe('nosniff');
    expect(exported.headers['content-security-policy']).toContain("script-src 'self'");
    expect(exported.body).toContain('# My notes');
    expect(exported.body).toContain('## Memory techniques');
    expect(exported.body).toContain('### Spacing');
    expect(exported.body).toContain(`/dashboard/learner/course/${course.courseId}?lesson=${lessonId(0)}`);
    for (const body of XSS_PAYLOADS) expect(exported.body).toContain(body);
  });

  it('a note on a removed lesson stays with its course', async () => {
    const own = await insertCourse(database.db, { title: 'Short-lived', lessonTitles: ['Gone soon'] });
    const { cookie } = await signUpSubscribed(app, 'calm');
    await create(cookie, { lesson_id: own.lessonIds[0], body: 'Keep me' });

    await database.db.delete(lessons).where(eq(lessons.id, own.lessonIds[0] ?? ''));

    expect((await list(cookie)).notes).toEqual([
      expect.objectContaining({ body: 'Keep me', course_id: own.courseId, lesson_id: null, lesson_title: null }),
    ]);
  });

  it('refuses lessons the learner cannot see and bad input, and keeps nothing', async () => {
    const { cookie } = await signUpSubscribed(app, 'calm');
    const refused = [
      await create(cookie, { lesson_id: draft.lessonIds[0], body: 'On a draft' }),
      await create(cookie, { lesson_id: '00000000-0000-4000-8000-000000000000', body: 'Nowhere' }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([404, 404]);
    for (const payload of [
      { lesson_id: lessonId(0), body: '' },
      { lesson_id: lessonId(0), body: 'x'.repeat(20_001) },
      { lesson_id: lessonId(0), body: 'x', position: { kind: 'video', seconds: -4 } },
      { lesson_id: lessonId(0), body: 'x', user_id: 'someone-else' },
      { lesson_id: 'lesson-1', body: 'x' },
    ]) {
      const response = await create(cookie, payload);
      expect(response.statusCode).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/api/notes?q=', headers: { cookie } })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'PATCH', url: '/api/notes/x', headers: { cookie }, payload: { body: 'y' } }))
        .statusCode,
    ).toBe(400);
    expect((await list(cookie)).notes).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/notes' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/notes/export' })).statusCode).toBe(401);
  });
});
