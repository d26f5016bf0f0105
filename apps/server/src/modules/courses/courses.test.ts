import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { testTargets } from '../../testing/test-app.ts';
import { type AuthoringApp, startAuthoringApp } from './authoring-app.testing.ts';
import { courses, lessons } from './courses.table.ts';
import { type Person, QUIZ_CONTENT } from './courses.testing.ts';

describe.each(testTargets())('course authoring on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let admin: Person;
  let instructor: Person;
  let learner: Person;
  let author: AuthoringApp['author'];

  beforeAll(async () => {
    ({ app, database, close, admin, instructor, learner, author } = await startAuthoringApp(target));
  });
  afterAll(async () => {
    await close();
  });

  it('an admin creates a course with a slug suggested from its title, edits it and changes its status', async () => {
    const course = await author.createCourse({ title: 'Études & Notes: Übung 1' });
    expect(course).toMatchObject({
      slug: 'etudes-and-notes-ubung-1',
      status: 'draft',
      required_tier: 'calm',
      module_count: 0,
    });

    const second = await author.createCourse({ title: 'Études & Notes: Übung 1' });
    expect(second.slug).toBe('etudes-and-notes-ubung-1-2');

    const suggestion = await author.call(
      'GET',
      '/api/admin/courses/slug-suggestion?title=%C3%89tudes%20%26%20Notes%3A%20%C3%9Cbung%201',
    );
    expect(suggestion).toEqual({ slug: 'etudes-and-notes-ubung-1-3', available: false });
    const ownSlug = await author.call(
      'GET',
      `/api/admin/courses/slug-suggestion?slug=${course.slug}&course_id=${course.id}`,
    );
    expect(ownSlug).toEqual({ slug: course.slug, available: true });

    const edited = await author.call('PATCH', `/api/admin/courses/${course.id}`, {
      description: 'Practice makes permanent.',
      required_tier: 'me',
      slug: 'study-etudes',
    });
    expect(edited).toMatchObject({
      slug: 'study-etudes',
      description: 'Practice makes permanent.',
      required_tier: 'me',
    });

    const taken = await app.inject({
      method: 'PATCH',
      url: `/api/admin/courses/${second.id}`,
      headers: admin.headers,
      payload: { slug: 'study-etudes' },
    });
    expect(taken.statusCode).toBe(409);

    const empty = await app.inject({
      method: 'POST',
      url: `/api/admin/courses/${course.id}/publish`,
      headers: admin.headers,
    });
    expect(empty.statusCode).toBe(409);

    const module = await author.createModule(course.id, { title: 'Basics' });
    await author.createLesson(module.id, { title: 'Read me', content: { kind: 'text', markdown: 'Hello' } });
    expect((await author.publish(course.id)).status).toBe('published');
    expect((await author.call('POST', `/api/admin/courses/${course.id}/archive`)).status).toBe('archived');
    expect((await author.call('POST', `/api/admin/courses/${course.id}/unpublish`)).status).toBe('draft');

    const list = await author.call('GET', '/api/admin/courses');
    expect(list.courses.map((row: { id: string }) => row.id)).toEqual(expect.arrayContaining([course.id, second.id]));
  });

  it('learners and instructors cannot author: every authoring call answers 403 and changes nothing', async () => {
    const course = await author.createCourse({ title: 'Guarded course' });
    const module = await author.createModule(course.id, { title: 'Guarded module' });
    const before = await database.db.$count(courses);
    const calls = [
      { method: 'GET', url: '/api/admin/courses' },
      { method: 'POST', url: '/api/admin/courses', payload: { title: 'Sneaky' } },
      { method: 'PATCH', url: `/api/admin/courses/${course.id}`, payload: { title: 'Renamed' } },
      { method: 'POST', url: `/api/admin/courses/${course.id}/publish` },
      {
        method: 'POST',
        url: `/api/admin/modules/${module.id}/lessons`,
        payload: { title: 'x', content: { kind: 'text', markdown: 'x' } },
      },
      { method: 'DELETE', url: `/api/admin/modules/${module.id}` },
    ] as const;
    for (const person of [learner, instructor]) {
      for (const call of calls) {
        const response = await app.inject({ ...call, headers: person.headers });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      }
    }
    const signedOut = await app.inject({ method: 'GET', url: '/api/admin/courses' });
    expect(signedOut.statusCode).toBe(401);
    expect(await database.db.$count(courses)).toBe(before);
    const detail = await author.call('GET', `/api/admin/courses/${course.id}`);
    expect(detail.course).toMatchObject({ title: 'Guarded course', status: 'draft' });
    expect(detail.modules).toHaveLength(1);
  });

  it('modules keep their order, reorder with the full order, and refuse prerequisite cycles', async () => {
    const course = await author.createCourse({ title: 'Ordering' });
    const first = await author.createModule(course.id, { title: 'First' });
    const second = await author.createModule(course.id, { title: 'Second', prerequisite_module_id: first.id });
    const third = await author.createModule(course.id, { title: 'Third', prerequisite_module_id: second.id });
    expect([first.position, second.position, third.position]).toEqual([0, 1, 2]);

    const cycle = await app.inject({
      method: 'PATCH',
      url: `/api/admin/modules/${first.id}`,
      headers: admin.headers,
      payload: { prerequisite_module_id: third.id },
    });
    expect(cycle.statusCode).toBe(400);
    const self = await app.inject({
      method: 'PATCH',
      url: `/api/admin/modules/${first.id}`,
      headers: admin.headers,
      payload: { prerequisite_module_id: first.id },
    });
    expect(self.statusCode).toBe(400);
    const other = await author.createCourse({ title: 'Elsewhere' });
    const foreign = await author.createModule(other.id, { title: 'Foreign' });
    const crossCourse = await app.inject({
      method: 'PATCH',
      url: `/api/admin/modules/${first.id}`,
      headers: admin.headers,
      payload: { prerequisite_module_id: foreign.id },
    });
    expect(crossCourse.statusCode).toBe(400);

    const partial = await app.inject({
      method: 'PUT',
      url: `/api/admin/courses/${course.id}/module-order`,
      headers: admin.headers,
      payload: { module_ids: [third.id, first.id] },
    });
    expect(partial.statusCode).toBe(400);
    const reordered = await author.call('PUT', `/api/admin/courses/${course.id}/module-order`, {
      module_ids: [third.id, first.id, second.id],
    });
    expect(reordered.modules.map((module: { title: string }) => module.title)).toEqual(['Third', 'First', 'Second']);
    expect((await author.call('GET', `/api/admin/courses/${course.id}`)).modules[0].prerequisite_module_id).toBe(
      second.id,
    );
  });

  it('lessons reorder within a module, move between modules, and a module with lessons cannot be deleted', async () => {
    const course = await author.createCourse({ title: 'Lesson layout' });
    const one = await author.createModule(course.id, { title: 'One' });
    const two = await author.createModule(course.id, { title: 'Two' });
    const a = await author.createLesson(one.id, { title: 'A', content: { kind: 'text', markdown: 'a' } });
    const b = await author.createLesson(one.id, { title: 'B', content: { kind: 'text', markdown: 'b' } });
    const c = await author.createLesson(two.id, { title: 'C', content: { kind: 'text', markdown: 'c' } });
    const titles = (detail: { modules: { lessons: { title: string }[] }[] }) =>
      detail.modules.map((module) => module.lessons.map((lesson) => lesson.title));

    const layout = await author.call('PUT', `/api/admin/courses/${course.id}/lesson-order`, {
      modules: [
        { module_id: one.id, lesson_ids: [b.id] },
        { module_id: two.id, lesson_ids: [c.id, a.id] },
      ],
    });
    expect(titles(layout)).toEqual([['B'], ['C', 'A']]);

    const missing = await app.inject({
      method: 'PUT',
      url: `/api/admin/courses/${course.id}/lesson-order`,
      headers: admin.headers,
      payload: { modules: [{ module_id: one.id, lesson_ids: [b.id] }] },
    });
    expect(missing.statusCode).toBe(400);

    const moved = await author.call('POST', `/api/admin/lessons/${a.id}/move`, { module_id: one.id, position: 0 });
    expect(titles(moved)).toEqual([['A', 'B'], ['C']]);
    expect(moved.modules[0].lessons.map((lesson: { position: number }) => lesson.position)).toEqual([0, 1]);

    const blocked = await app.inject({ method: 'DELETE', url: `/api/admin/modules/${two.id}`, headers: admin.headers });
    expect(blocked.statusCode).toBe(409);
    await author.call('DELETE', `/api/admin/lessons/${c.id}`, undefined, 204);
    await author.call('DELETE', `/api/admin/modules/${two.id}`, undefined, 204);
    expect(titles(await author.call('GET', `/api/admin/courses/${course.id}`))).toEqual([['A', 'B']]);
  });

  it('Markdown is sanitised when saved: script, handlers and javascript: links come back inert', async () => {
    const course = await author.createCourse({ title: 'Unsafe markdown' });
    const module = await author.createModule(course.id, { title: 'M' });
    const markdown = '# Hi\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))';
    const lesson = await author.createLesson(module.id, { title: 'XSS', content: { kind: 'text', markdown } });
    expect(lesson.content.markdown).toBe(markdown);
    expect(lesson.content.html).toContain('<h1>Hi</h1>');
    expect(lesson.content.html).not.toMatch(/<script|<img|href="javascript:/i);
    const preview = await author.call('POST', '/api/admin/markdown-preview', { markdown: '[x](javascript:alert(1))' });
    expect(preview.html).not.toContain('href="javascript:');
  });

  it('quizzes get ids for questions and choices and refuse a single-choice question with two right answers', async () => {
    const course = await author.createCourse({ title: 'Quiz authoring' });
    const module = await author.createModule(course.id, { title: 'M' });
    const quiz = await author.createLesson(module.id, { title: 'Check', content: QUIZ_CONTENT });
    expect(quiz.content.questions).toHaveLength(2);
    expect(quiz.content.questions[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(quiz.content.questions[0].choices[1]).toMatchObject({ text: 'Testing yourself', correct: true });

    const before = await database.db.$count(lessons);
    const broken = structuredClone(QUIZ_CONTENT);
    broken.questions[0]?.choices.forEach((choice) => {
      choice.correct = true;
    });
    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/modules/${module.id}/lessons`,
      headers: admin.headers,
      payload: { title: 'Broken', content: broken },
    });
    expect(response.statusCode).toBe(400);
    expect(await database.db.$count(lessons)).toBe(before);

    const kindChange = await app.inject({
      method: 'PATCH',
      url: `/api/admin/lessons/${quiz.id}`,
      headers: admin.headers,
      payload: { content: { kind: 'text', markdown: 'no' } },
    });
    expect(kindChange.statusCode).toBe(400);
  });

  it.each([
    { label: 'a missing title', url: '/api/admin/courses', payload: {} },
    { label: 'a bad slug', url: '/api/admin/courses', payload: { title: 'T', slug: 'Not A Slug' } },
    { label: 'an unknown tier', url: '/api/admin/courses', payload: { title: 'T', required_tier: 'gold' } },
    { label: 'an unknown field', url: '/api/admin/courses', payload: { title: 'T', owner: 'me' } },
  ])('creating a course with $label answers 400 and creates nothing', async ({ url, payload }) => {
    const before = await database.db.$count(courses);
    const response = await app.inject({ method: 'POST', url, headers: admin.headers, payload });
    expect(response.statusCode).toBe(400);
    expect(await database.db.$count(courses)).toBe(before);
  });
});
