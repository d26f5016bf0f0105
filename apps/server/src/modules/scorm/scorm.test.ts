import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ScormPackage, ScormPackageDetail, ScormPlayerSession } from '@portal/shared/scorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { testTargets } from '../../testing/test-app.ts';
import { SCORM_SAMPLES_DIR, type ScormPerson, writeZip } from './scorm.testing.ts';

import { QUIZ_12, type ScormSuite, startScormSuite, TWO_SCOS_2004 } from './scorm-suite.testing.ts';

describe.each(testTargets())('SCORM packages on $name', (target) => {
  let close: () => Promise<void>;
  let app: App;
  let dataDir: string;
  let workDir: string;
  let admin: ScormPerson;
  let instructor: ScormPerson;
  let otherInstructor: ScormPerson;
  let learner: ScormPerson;
  let otherLearner: ScormPerson;
  let call: ScormSuite['call'];
  let upload: ScormSuite['upload'];
  let uploadAndProcess: ScormSuite['uploadAndProcess'];
  let built: ScormSuite['built'];

  beforeAll(async () => {
    ({
      close,
      app,
      dataDir,
      workDir,
      admin,
      instructor,
      otherInstructor,
      learner,
      otherLearner,
      call,
      upload,
      uploadAndProcess,
      built,
    } = await startScormSuite(target));
  });
  afterAll(async () => {
    await close();
  });

  it('imports every published sample with its SCOs, stored as {timestamp}_{filename}, private and owned by the uploader', async () => {
    const samples: Array<[string, string, number, string]> = [
      ['golf12-singlesco.zip', '1.2', 1, 'shared/launchpage.html'],
      ['golf12-minimum-calls.zip', '1.2', 18, 'Playing/Playing.html'],
      ['golf2004-3rd-runtime-basic.zip', '2004-3rd', 1, 'shared/launchpage.html'],
      ['golf2004-3rd-simple-remediation.zip', '2004-3rd', 8, 'shared/launchpage.html?content=playing'],
    ];
    for (const [file, version, scoCount, firstLaunch] of samples) {
      const uploaded = await upload(instructor, path.join(SCORM_SAMPLES_DIR, file));
      expect(uploaded).toMatchObject({ status: 'uploading', is_public: false, created_by: instructor.id });
      expect(uploaded.title).toBe(file.replace(/\.zip$/, ''));
      expect(uploaded.zip_path).toMatch(new RegExp(`^scorm-packages/\\d{13}_${file.replace('.', '\\.')}$`));
      expect(uploaded.metadata).toMatchObject({ originalFileName: file, fileSize: expect.any(Number) });
      expect(existsSync(path.join(dataDir, 'files', uploaded.zip_path))).toBe(true);

      const processed = await call<{ package: ScormPackage }>(
        instructor,
        'POST',
        `/api/scorm/packages/${uploaded.id}/process`,
      );
      expect(processed.body.package).toMatchObject({ status: 'ready', version, sco_count: scoCount });
      const detail = await call<ScormPackageDetail>(instructor, 'GET', `/api/scorm/packages/${uploaded.id}`);
      expect(detail.body.scos).toHaveLength(scoCount);
      expect(detail.body.scos[0]?.launch_url).toBe(firstLaunch);
      expect(existsSync(path.join(dataDir, 'files', detail.body.package.manifest_path ?? ''))).toBe(true);
    }

    const own = await call<{ packages: ScormPackage[] }>(instructor, 'GET', '/api/scorm/packages');
    expect(own.body.packages).toHaveLength(4);
    const searched = await call<{ packages: ScormPackage[] }>(
      instructor,
      'GET',
      '/api/scorm/packages?search=remediation',
    );
    expect(searched.body.packages.map((pkg) => pkg.title)).toEqual(['golf2004-3rd-simple-remediation']);
    expect(
      (await call<{ packages: ScormPackage[] }>(otherInstructor, 'GET', '/api/scorm/packages')).body.packages,
    ).toEqual([]);
    expect(
      (await call<{ packages: ScormPackage[] }>(admin, 'GET', '/api/scorm/packages')).body.packages.length,
    ).toBeGreaterThanOrEqual(4);
    expect((await call(learner, 'GET', '/api/scorm/packages')).status).toBe(403);
  });

  it('marks a broken upload failed with one clear reason and keeps no extracted files', async () => {
    const notZip = path.join(workDir, 'slides.zip');
    await writeFile(notZip, 'this is a PowerPoint file, honestly');
    const failed = await uploadAndProcess(instructor, notZip);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'not_a_zip' });
    expect(existsSync(path.join(dataDir, 'files', 'scorm-content', failed.id))).toBe(false);
    // Its author opening its preview is told it failed; anyone else finds no such package.
    const preview = await call<{ error: { reasons: string[] } }>(instructor, 'GET', `/api/scorm/preview/${failed.id}`);
    expect(preview.status).toBe(409);
    expect(preview.body.error.reasons).toEqual(['package_not_ready', 'failed']);
    expect((await call(learner, 'GET', `/api/scorm/preview/${failed.id}`)).status).toBe(404);

    const missing = await uploadAndProcess(instructor, await built('missing-launch.zip', QUIZ_12, ['other.html']));
    expect(missing).toMatchObject({ status: 'failed', failure_reason: 'missing_launch_file' });
    expect(missing.failure_message).toContain('index.html');

    const traversal = path.join(workDir, 'traversal.zip');
    await writeZip(
      traversal,
      [
        { name: 'imsmanifest.xml', content: QUIZ_12 },
        { name: 'xx/evil.html', content: 'x' },
      ],
      {
        rewrite: [['xx/evil.html', '../evil.html']],
      },
    );
    expect(await uploadAndProcess(instructor, traversal)).toMatchObject({
      status: 'failed',
      failure_reason: 'path_escape',
    });
    expect(existsSync(path.join(dataDir, 'files', 'evil.html'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'evil.html'))).toBe(false);

    const notZipName = await app.inject({
      method: 'POST',
      url: '/api/scorm/packages?file_name=notes.pdf',
      headers: { ...instructor.headers, 'content-type': 'application/zip' },
      payload: Buffer.from('x'),
    });
    expect(notZipName.statusCode).toBe(400);
    const asLearner = await app.inject({
      method: 'POST',
      url: '/api/scorm/packages?file_name=a.zip',
      headers: { ...learner.headers, 'content-type': 'application/zip' },
      payload: Buffer.from('x'),
    });
    expect(asLearner.statusCode).toBe(403);
  });

  it('lets the owner edit and delete a package (files too) while another instructor gets 404 and changes nothing', async () => {
    const pkg = await uploadAndProcess(
      instructor,
      await built('edit-me.zip', QUIZ_12, ['index.html']),
      '&title=Quiz%20one',
    );
    expect(pkg.title).toBe('Quiz one');
    const foreign = await call(otherInstructor, 'PATCH', `/api/scorm/packages/${pkg.id}`, { title: 'Mine now' });
    expect(foreign.status).toBe(404);
    expect((await call(otherInstructor, 'DELETE', `/api/scorm/packages/${pkg.id}`)).status).toBe(404);

    const edited = await call<{ package: ScormPackage }>(instructor, 'PATCH', `/api/scorm/packages/${pkg.id}`, {
      title: 'Quiz renamed',
      description: 'Checks the basics.',
      is_public: true,
    });
    expect(edited.body.package).toMatchObject({
      title: 'Quiz renamed',
      description: 'Checks the basics.',
      is_public: true,
    });
    expect(
      (await call<{ package: ScormPackage }>(admin, 'PATCH', `/api/scorm/packages/${pkg.id}`, { is_public: false }))
        .status,
    ).toBe(200);

    expect((await call(instructor, 'DELETE', `/api/scorm/packages/${pkg.id}`)).status).toBe(204);
    expect((await call(instructor, 'GET', `/api/scorm/packages/${pkg.id}`)).status).toBe(404);
    expect(existsSync(path.join(dataDir, 'files', pkg.zip_path))).toBe(false);
    expect(existsSync(path.join(dataDir, 'files', 'scorm-content', pkg.id))).toBe(false);
  });

  it('serves package files only from the content origin, with a token, a strict policy and no session', async () => {
    const pkg = await uploadAndProcess(instructor, await built('two.zip', TWO_SCOS_2004, ['one.html', 'two.html']));
    expect((await call(learner, 'GET', `/api/scorm/preview/${pkg.id}`)).status).toBe(404);
    const preview = await call<ScormPlayerSession>(instructor, 'GET', `/api/scorm/preview/${pkg.id}`);
    expect(preview.body.organizations[0]?.sequencing).toMatchObject({ controlMode: { choice: true, flow: true } });
    const wrapper = new URL(preview.body.content.wrapper_url);
    const token = wrapper.pathname.split('/').at(-1) ?? '';

    const page = await app.scormContent.inject({ method: 'GET', url: `/scorm/w/${token}?launch=one.html` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors http://localhost:3000');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain(`data-launch="/scorm/c/${token}/one.html"`);
    expect(
      (await app.scormContent.inject({ method: 'GET', url: `/scorm/w/${token}?launch=../x.html` })).statusCode,
    ).toBe(404);
    expect(
      (await app.scormContent.inject({ method: 'GET', url: `/scorm/w/${token}?launch=https://evil.example/` }))
        .statusCode,
    ).toBe(404);

    const file = await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${token}/two.html` });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('two.html');
    expect(file.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(file.headers['content-security-policy']).toContain("frame-ancestors 'self' http://localhost:3000");
    expect(
      (await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${token}/imsmanifest.xml` })).statusCode,
    ).toBe(200);
    expect(
      (await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${token}/%2e%2e/%2e%2e/two.zip` })).statusCode,
    ).toBe(404);
    expect((await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${token}x/two.html` })).statusCode).toBe(404);
    // A forged signature: its first character changed (the last may only carry padding bits).
    const [payload, signature = ''] = token.split('.');
    const forged = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${forged}/two.html` })).statusCode).toBe(404);
    // The content origin has no API: a session cookie sent there opens nothing.
    expect(
      (await app.scormContent.inject({ method: 'GET', url: '/api/me', headers: learner.headers })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/scorm/c/${token}/two.html` })).statusCode).not.toBe(200);

    // A public package is open to anyone signed in: preview, or enrol themselves to be recorded.
    await call(instructor, 'PATCH', `/api/scorm/packages/${pkg.id}`, { is_public: true });
    expect((await call(otherLearner, 'GET', `/api/scorm/preview/${pkg.id}`)).status).toBe(200);
    const selfEnrolled = await call<{ enrollment_id: string }>(
      otherLearner,
      'POST',
      `/api/scorm/packages/${pkg.id}/self-enrollment`,
    );
    const launch = await call<ScormPlayerSession>(
      otherLearner,
      'GET',
      `/api/scorm/launch/${selfEnrolled.body.enrollment_id}`,
    );
    expect(launch.body.scos.map((sco) => sco.title)).toEqual(['One', 'Two']);

    // Made private again, the token of someone not enrolled stops opening files.
    await call(instructor, 'PATCH', `/api/scorm/packages/${pkg.id}`, { is_public: false });
    const learnerToken = new URL(
      (await call<ScormPlayerSession>(otherLearner, 'GET', `/api/scorm/launch/${selfEnrolled.body.enrollment_id}`)).body
        .content.wrapper_url,
    ).pathname
      .split('/')
      .at(-1);
    expect(
      (await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${learnerToken}/one.html` })).statusCode,
    ).toBe(200);
    await call(instructor, 'DELETE', `/api/scorm/packages/${pkg.id}/enrollments/${selfEnrolled.body.enrollment_id}`);
    expect(
      (await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${learnerToken}/one.html` })).statusCode,
    ).toBe(404);
  });
});
