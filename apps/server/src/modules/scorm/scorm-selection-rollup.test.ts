import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScormAnalytics, ScormAttemptStart, ScormEnrollment, ScormPlayerSession } from '@portal/shared/scorm';
import { applySelectionAndRandomization } from '@portal/shared/scorm-selection';
import { sequencingSettingsFor } from '@portal/shared/scorm-sequencing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createScormPerson, type ScormPerson, scorm2004Manifest, scormTestClient, writeZip } from './scorm.testing.ts';

const QUESTIONS = ['q1', 'q2', 'q3', 'q4'];

/** A pool that selects two of its four questions, drawn anew for each attempt on the course. */
const POOL = scorm2004Manifest(`
  <organizations default="org"><organization identifier="org"><title>Pool</title>
    <item identifier="pool"><title>Questions</title>
      ${QUESTIONS.map((id) => `<item identifier="${id}" identifierref="r-${id}"><title>${id}</title></item>`).join('')}
      <imsss:sequencing>
        <imsss:controlMode choice="true" flow="true"/>
        <imsss:randomizationControls selectCount="2" selectionTiming="onEachNewAttempt"/>
      </imsss:sequencing>
    </item>
    <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>
  </organization></organizations>
  <resources>
    ${QUESTIONS.map((id) => `<resource identifier="r-${id}" type="webcontent" adlcp:scormType="sco" href="${id}.html"/>`).join('')}
  </resources>`);

describe.each(testTargets())('SCORM 2004 rollup of a selected subset on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let dataDir: string;
  let instructor: ScormPerson;
  let learner: ScormPerson;
  const call: ReturnType<typeof scormTestClient>['call'] = (person, method, url, payload) =>
    scormTestClient(app).call(person, method, url, payload);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-scorm-selection-${target.name}-`));
    const started = await startTestApp(target, { dataDir });
    app = started.app;
    close = started.close;
    [instructor, learner] = await Promise.all([
      createScormPerson(app, started.database.db, 'instructor'),
      createScormPerson(app, started.database.db, 'learner'),
    ]);
  });
  afterAll(async () => {
    await close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('completes and passes the course once the questions the learner’s attempt drew are, ignoring those left out', async () => {
    const zip = await writeZip(path.join(dataDir, 'pool.zip'), [
      { name: 'imsmanifest.xml', content: POOL },
      ...QUESTIONS.map((id) => ({ name: `${id}.html`, content: `<html><body>${id}</body></html>` })),
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/scorm/packages?file_name=pool.zip',
      headers: { ...instructor.headers, 'content-type': 'application/zip' },
      payload: await readFile(zip),
    });
    const packageId = uploaded.json<{ package: { id: string } }>().package.id;
    expect((await call(instructor, 'POST', `/api/scorm/packages/${packageId}/process`)).status).toBe(200);
    const enrolled = await call<{ enrollments: ScormEnrollment[] }>(
      instructor,
      'POST',
      `/api/scorm/packages/${packageId}/enrollments`,
      { learner_ids: [learner.id] },
    );
    const enrollmentId = enrolled.body.enrollments[0]?.id ?? '';
    const session = (await call<ScormPlayerSession>(learner, 'GET', `/api/scorm/launch/${enrollmentId}`)).body;

    // The player keeps the learner's seeds with the sequencing state; the draw follows from them.
    const seeds = { once: 'seed-once', attempt: 'seed-attempt-1' };
    const saved = await call(learner, 'PUT', `/api/scorm/launch/${enrollmentId}/sequencing-state`, {
      state: JSON.stringify({ sequencing: null, selectionSeeds: seeds }),
      revision: 0,
      window: 'tab-selection-1',
    });
    expect(saved.status).toBe(200);
    const organization = session.organizations[0];
    if (!organization) throw new Error('no organization');
    const { leftOut } = applySelectionAndRandomization(sequencingSettingsFor(organization, session.scos), seeds);
    const drawn = QUESTIONS.filter((id) => !leftOut.has(id));
    expect(drawn).toHaveLength(2);

    const status = async () =>
      (await call<ScormAnalytics>(instructor, 'GET', `/api/scorm/packages/${packageId}/analytics`)).body.learners[0]
        ?.status;
    for (const [index, itemId] of drawn.entries()) {
      const scoId = session.scos.find((sco) => sco.item_id === itemId)?.id ?? '';
      const attempt = (
        await call<ScormAttemptStart>(learner, 'POST', `/api/scorm/launch/${enrollmentId}/scos/${scoId}/attempt`)
      ).body;
      const committed = await call(learner, 'POST', `/api/scorm/attempts/${attempt.attempt_id}/commit`, {
        sco_id: scoId,
        sequence: attempt.commit_sequence + 1,
        terminate: true,
        cmi: { completion_status: 'completed', success_status: 'passed', score: { scaled: '0.9' }, exit: 'normal' },
      });
      expect(committed.status).toBe(200);
      expect(await status()).toBe(index === 0 ? 'in_progress' : 'passed');
    }
  });
});
