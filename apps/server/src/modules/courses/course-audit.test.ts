import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { testTargets } from '../../testing/test-app.ts';
import { type AuthoringApp, startAuthoringApp } from './authoring-app.testing.ts';
import type { Person } from './courses.testing.ts';

type Entry = {
  old_values: Record<string, unknown> | null;
  actor: { id: string } | null;
  action: string;
  record_id: string | null;
  new_values: Record<string, unknown> | null;
  target: { id: string } | null;
};

describe.each(testTargets())('course authoring in the audit trail on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let admin: Person;
  let instructor: Person;
  let author: AuthoringApp['author'];

  beforeAll(async () => {
    ({ app, close, admin, instructor, author } = await startAuthoringApp(target));
  });
  afterAll(async () => {
    await close();
  });

  const trail = async (action: string): Promise<Entry[]> => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/audit?action=${action}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json().events;
  };

  it('creating, editing, publishing, unpublishing and archiving a course are recorded with the admin who did it', async () => {
    const course = await author.createCourse({ title: 'Audited course' });
    await author.call('PATCH', `/api/admin/courses/${course.id}`, { title: 'Audited course, renamed' });
    const module = await author.createModule(course.id, { title: 'M' });
    await author.createLesson(module.id, { title: 'L', content: { kind: 'text', markdown: 'Hello' } });
    await author.publish(course.id);
    await author.call('POST', `/api/admin/courses/${course.id}/unpublish`);
    await author.call('POST', `/api/admin/courses/${course.id}/archive`);

    const ofCourse = (await trail('course.')).filter((entry) => entry.record_id === course.id);
    expect(ofCourse.map((entry) => entry.action).reverse()).toEqual([
      'course.created',
      'course.updated',
      'course.published',
      'course.unpublished',
      'course.archived',
    ]);
    // The admin acted; a course is no one's personal data.
    expect(ofCourse.every((entry) => entry.actor?.id === admin.userId && entry.target === null)).toBe(true);
    const [archived, , , updated, created] = ofCourse;
    expect(created?.new_values).toMatchObject({ title: 'Audited course', status: 'draft' });
    expect(updated?.old_values).toEqual({ title: 'Audited course' });
    expect(updated?.new_values).toEqual({ title: 'Audited course, renamed' });
    expect(archived).toMatchObject({ old_values: { status: 'draft' }, new_values: { status: 'archived' } });
  });

  it('deleting a lesson and a module is recorded; a refused deletion records nothing', async () => {
    const course = await author.createCourse({ title: 'Pruned course' });
    const module = await author.createModule(course.id, { title: 'M' });
    const lesson = await author.createLesson(module.id, { title: 'L', content: { kind: 'text', markdown: 'Bye' } });
    // A module with lessons is not deleted.
    await author.call('DELETE', `/api/admin/modules/${module.id}`, undefined, 409);
    expect((await trail('module.deleted')).some((entry) => entry.record_id === module.id)).toBe(false);

    await author.call('DELETE', `/api/admin/lessons/${lesson.id}`, undefined, 204);
    await author.call('DELETE', `/api/admin/modules/${module.id}`, undefined, 204);
    const lessonDeleted = (await trail('lesson.deleted')).find((entry) => entry.record_id === lesson.id);
    expect(lessonDeleted?.old_values).toEqual({ title: 'L', course_id: course.id });
    const moduleDeleted = (await trail('module.deleted')).find((entry) => entry.record_id === module.id);
    expect(moduleDeleted?.old_values).toEqual({ title: 'M', course_id: course.id });
  });

  it('an instructor cannot author, so nothing of theirs is recorded', async () => {
    const before = (await trail('course.')).length;
    const refused = await app.inject({
      method: 'POST',
      url: '/api/admin/courses',
      headers: instructor.headers,
      payload: { title: 'X' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await trail('course.')).length).toBe(before);
  });
});
