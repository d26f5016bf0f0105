import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { COVER_MAX_BYTES } from '@portal/shared/course-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { testTargets } from '../../testing/test-app.ts';
import { scormPackages } from '../scorm/scorm.table.ts';
import { type AuthoringApp, startAuthoringApp } from './authoring-app.testing.ts';
import { lessons } from './courses.table.ts';
import { makePdf, type Person, TINY_PNG } from './courses.testing.ts';

describe.each(testTargets())('course authoring on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let admin: Person;
  let learner: Person;
  let author: AuthoringApp['author'];

  beforeAll(async () => {
    ({ app, database, close, admin, learner, author } = await startAuthoringApp(target));
  });
  afterAll(async () => {
    await close();
  });

  it('a video lesson by URL needs https; an http address is refused', async () => {
    const course = await author.createCourse({ title: 'Video urls' });
    const module = await author.createModule(course.id, { title: 'M' });
    const refused = await app.inject({
      method: 'POST',
      url: `/api/admin/modules/${module.id}/lessons`,
      headers: admin.headers,
      payload: {
        title: 'V',
        content: { kind: 'video', source: 'url', url: 'http://example.com/v.mp4', duration_seconds: 60 },
      },
    });
    expect(refused.statusCode).toBe(400);
    const accepted = await author.createLesson(module.id, {
      title: 'V',
      content: { kind: 'video', source: 'url', url: 'https://example.com/v.mp4', duration_seconds: 60 },
    });
    expect(accepted).toMatchObject({ ready: true, duration_seconds: 60 });
  });

  it('a SCORM lesson needs a package that exists and is ready; others are refused with a reason and nothing is saved', async () => {
    const insertPackage = async (status: 'processing' | 'ready') => {
      const [row] = await database.db
        .insert(scormPackages)
        .values({
          title: `Package ${status}`,
          zipPath: `scorm-packages/${status}.zip`,
          status,
          version: '1.2',
          metadata: { originalFileName: `${status}.zip`, fileSize: 1, uploadedAt: new Date().toISOString() },
        })
        .returning({ id: scormPackages.id });
      return row?.id ?? '';
    };
    const [ready, processing] = [await insertPackage('ready'), await insertPackage('processing')];
    const course = await author.createCourse({ title: 'Packaged lessons' });
    const module = await author.createModule(course.id, { title: 'M' });
    const addScorm = (packageId: string) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/modules/${module.id}/lessons`,
        headers: admin.headers,
        payload: { title: 'S', content: { kind: 'scorm', package_id: packageId } },
      });

    const missing = await addScorm('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      message: 'There is no SCORM package with this id.',
      reasons: ['scorm_package_missing'],
    });
    const notReady = await addScorm(processing);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().error).toMatchObject({
      message: 'This SCORM package is not ready (it is processing); choose a ready package.',
      reasons: ['scorm_package_not_ready'],
    });
    expect(await database.db.$count(lessons, eq(lessons.moduleId, module.id))).toBe(0);

    const lesson = await author.createLesson(module.id, {
      title: 'S',
      content: { kind: 'scorm', package_id: ready },
    });
    expect(lesson).toMatchObject({ scorm_package_id: ready, content: { kind: 'scorm', package_id: ready } });
    const switched = await app.inject({
      method: 'PATCH',
      url: `/api/admin/lessons/${lesson.id}`,
      headers: admin.headers,
      payload: { content: { kind: 'scorm', package_id: processing } },
    });
    expect(switched.statusCode).toBe(409);
    const [stored] = await database.db.select().from(lessons).where(eq(lessons.id, lesson.id));
    expect(stored?.scormPackageId).toBe(ready);
  });

  it('a cover image is stored, served back with its type, and other types or fake images are refused', async () => {
    const course = await author.createCourse({ title: 'Covered' });
    const updated = await author.upload(`/api/admin/courses/${course.id}/cover`, TINY_PNG, 'image/png');
    expect(updated.cover_url).toMatch(new RegExp(`^/api/courses/${course.id}/cover\\?v=\\d+$`));

    const served = await app.inject({ method: 'GET', url: updated.cover_url, headers: admin.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);

    await author.upload(
      `/api/admin/courses/${course.id}/cover`,
      Buffer.from('<svg onload=alert(1)>'),
      'image/svg+xml',
      415,
    );
    await author.upload(
      `/api/admin/courses/${course.id}/cover`,
      Buffer.from('<html>not a png</html>'),
      'image/png',
      415,
    );
    const draftCover = await app.inject({ method: 'GET', url: updated.cover_url, headers: learner.headers });
    expect(draftCover.statusCode).toBe(404);

    const removed = await author.call('DELETE', `/api/admin/courses/${course.id}/cover`);
    expect(removed.cover_url).toBeNull();
  });

  it('a PDF upload reads its page count; a file that is not a PDF is refused', async () => {
    const course = await author.createCourse({ title: 'Documents' });
    const module = await author.createModule(course.id, { title: 'M' });
    const lesson = await author.createLesson(module.id, { title: 'Handout', content: { kind: 'pdf' } });
    expect(lesson.ready).toBe(false);
    const uploaded = await author.upload(
      `/api/admin/lessons/${lesson.id}/pdf?file_name=handout.pdf`,
      await makePdf(3),
      'application/pdf',
    );
    expect(uploaded).toMatchObject({ ready: true, page_count: 3, content: { file: { file_name: 'handout.pdf' } } });
    await author.upload(
      `/api/admin/lessons/${lesson.id}/pdf`,
      Buffer.from('%PDF-1.7 but broken'),
      'application/pdf',
      415,
    );
    await author.upload(`/api/admin/lessons/${lesson.id}/video`, await makePdf(1), 'video/mp4', 400);
    expect((await author.call('GET', `/api/admin/courses/${course.id}`)).modules[0].lessons[0].page_count).toBe(3);
  });

  it('a lesson deleted while its PDF streams in answers the upload with 404 and keeps no file of it', async () => {
    const course = await author.createCourse({ title: 'Deleted meanwhile' });
    const module = await author.createModule(course.id, { title: 'M' });
    const lesson = await author.createLesson(module.id, { title: 'Handout', content: { kind: 'pdf' } });
    const pdf = await makePdf(2);
    const body = new PassThrough();
    const uploading = app.inject({
      method: 'PUT',
      url: `/api/admin/lessons/${lesson.id}/pdf`,
      headers: { ...admin.headers, 'content-type': 'application/pdf' },
      payload: body,
    });
    body.write(pdf.subarray(0, 16));
    const folder = app.blobStore.localPath?.(`lessons/${lesson.id}`) ?? '';
    const filesNow = () => (existsSync(folder) ? readdirSync(folder) : []);
    // The upload is streaming once its file is begun in the lesson's folder.
    for (let waited = 0; filesNow().length === 0 && waited < 5_000; waited += 10) await sleep(10);
    expect(filesNow()).toHaveLength(1);
    await author.call('DELETE', `/api/admin/lessons/${lesson.id}`, undefined, 204);
    body.end(pdf.subarray(16));
    const response = await uploading;
    expect(response.statusCode).toBe(404);
    expect(filesNow()).toEqual([]);
  });

  it('an uploaded video is streamed to storage with its length read from the file; other types are refused', async () => {
    const course = await author.createCourse({ title: 'Uploaded video' });
    const module = await author.createModule(course.id, { title: 'M' });
    const lesson = await author.createLesson(module.id, {
      title: 'Clip',
      content: { kind: 'video', source: 'upload' },
    });
    expect(lesson).toMatchObject({ ready: false, duration_seconds: null, content: { file: null, url: null } });

    const video = readFileSync(new URL('../demo/content/spacing-your-practice.webm', import.meta.url));
    const uploaded = await author.upload(
      `/api/admin/lessons/${lesson.id}/video?file_name=clip.webm`,
      video,
      'video/webm',
    );
    expect(uploaded).toMatchObject({
      ready: true,
      duration_seconds: 24,
      content: {
        source: 'upload',
        file: { file_name: 'clip.webm', content_type: 'video/webm', size_bytes: video.length },
      },
    });
    await author.upload(`/api/admin/lessons/${lesson.id}/video`, TINY_PNG, 'video/webm', 415);
    await author.upload(`/api/admin/lessons/${lesson.id}/video`, Buffer.from('hello'), 'text/plain', 415);
    expect(
      (await author.call('GET', `/api/admin/courses/${course.id}`)).modules[0].lessons[0].content.file.size_bytes,
    ).toBe(video.length);
  });

  it('a cover image over the size limit is refused with 413 and the course keeps no cover', async () => {
    const course = await author.createCourse({ title: 'Too big' });
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(COVER_MAX_BYTES)]);
    await author.upload(`/api/admin/courses/${course.id}/cover`, huge, 'image/png', 413);
    expect((await author.call('GET', `/api/admin/courses/${course.id}`)).course.cover_url).toBeNull();
  });
});
