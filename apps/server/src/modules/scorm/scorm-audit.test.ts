import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createScormPerson, type ScormPerson, scorm12Manifest, scormTestClient, writeZip } from './scorm.testing.ts';

const ONE_LESSON = scorm12Manifest(`
  <organizations default="org"><organization identifier="org"><title>Audited</title>
    <item identifier="one" identifierref="r1"><title>One</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="one.html"/></resources>`);

type Entry = {
  action: string;
  record_id: string | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
};

describe.each(testTargets())('SCORM package management in the audit trail on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let dataDir: string;
  let admin: ScormPerson;
  let instructor: ScormPerson;
  let learner: ScormPerson;
  let client: ReturnType<typeof scormTestClient>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-scorm-audit-${target.name}-`));
    const started = await startTestApp(target, { dataDir });
    app = started.app;
    close = started.close;
    [admin, instructor, learner] = await Promise.all([
      createScormPerson(app, started.database.db, 'admin'),
      createScormPerson(app, started.database.db, 'instructor'),
      createScormPerson(app, started.database.db, 'learner'),
    ]);
    client = scormTestClient(app);
  });
  afterAll(async () => {
    await close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const trail = async (action: string) =>
    (await client.call<{ events: Entry[] }>(admin, 'GET', `/api/admin/audit?action=${action}`)).body.events;

  it('uploading, editing, enrolling, unenrolling and deleting are recorded with the instructor who did it', async () => {
    const zip = await writeZip(path.join(dataDir, 'audited.zip'), [
      { name: 'imsmanifest.xml', content: ONE_LESSON },
      { name: 'one.html', content: '<html><body>one</body></html>' },
    ]);
    const packageId = await client.uploadAndProcess(instructor, zip);
    const edited = await client.call(instructor, 'PATCH', `/api/scorm/packages/${packageId}`, { title: 'Renamed' });
    expect(edited.status).toBe(200);
    const { enrollmentId } = await client.enrol(instructor, learner, packageId);
    const removed = await client.call(
      instructor,
      'DELETE',
      `/api/scorm/packages/${packageId}/enrollments/${enrollmentId}`,
    );
    expect(removed.status).toBe(204);
    expect((await client.call(instructor, 'DELETE', `/api/scorm/packages/${packageId}`)).status).toBe(204);

    const ofPackage = (await trail('scorm_')).filter(
      (entry) => entry.record_id === packageId || entry.record_id === enrollmentId,
    );
    expect(ofPackage.map((entry) => entry.action).reverse()).toEqual([
      'scorm_package.uploaded',
      'scorm_package.updated',
      'scorm_enrollment.created',
      'scorm_enrollment.deleted',
      'scorm_package.deleted',
    ]);
    const [deleted, unenrolled, enrolled, updated, uploaded] = ofPackage;
    expect(deleted?.old_values).toEqual({ title: 'Renamed' });
    expect(uploaded?.new_values).toEqual({
      title: 'audited',
      file_name: 'audited.zip',
      size_bytes: (await stat(zip)).size,
    });
    expect(updated?.old_values).toEqual({ title: 'audited' });
    expect(updated?.new_values).toEqual({ title: 'Renamed' });
    expect(enrolled?.new_values).toEqual({ learner_ids: [learner.id], due_at: null });
    expect(unenrolled?.new_values).toEqual({ package_id: packageId });
    const audit = await app.inject({ method: 'GET', url: '/api/admin/audit?action=scorm_', headers: admin.headers });
    type Named = { id: string } | null;
    const entries = audit.json<{ events: Array<Entry & { actor: Named; target: Named }> }>().events;
    const mine = entries.filter((entry) => entry.record_id === packageId);
    // The instructor acted; a package is no one's personal data.
    expect(mine.every((entry) => entry.actor?.id === instructor.id && entry.target === null)).toBe(true);
  });

  it('a refused change records nothing', async () => {
    const before = (await trail('scorm_package.deleted')).length;
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await client.call(instructor, 'DELETE', `/api/scorm/packages/${missing}`)).status).toBe(404);
    expect((await client.call(learner, 'DELETE', `/api/scorm/packages/${missing}`)).status).toBe(403);
    expect((await trail('scorm_package.deleted')).length).toBe(before);
  });
});
