import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScormPackage } from '@portal/shared/scorm';
import { expect } from 'vitest';
import { startTestApp, type TestTarget } from '../../testing/test-app.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
import {
  createScormPerson,
  type ScormPerson,
  scorm12Manifest,
  scorm2004Manifest,
  scormTestClient,
  writeZip,
} from './scorm.testing.ts';

export const QUIZ_12 = scorm12Manifest(`
  <organizations default="org"><organization identifier="org"><title>Quiz course</title>
    <item identifier="quiz" identifierref="r1"><title>Quiz</title><adlcp:masteryscore>80</adlcp:masteryscore></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>`);

export const TWO_SCOS_2004 = scorm2004Manifest(`
  <organizations default="org"><organization identifier="org"><title>Two lessons</title>
    <item identifier="one" identifierref="r1"><title>One</title></item>
    <item identifier="two" identifierref="r2"><title>Two</title></item>
    <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="one.html"/>
    <resource identifier="r2" type="webcontent" adlcp:scormType="sco" href="two.html"/>
  </resources>`);

type SuiteApp = Awaited<ReturnType<typeof startTestApp>>['app'];

/** The upload calls the SCORM package tests make, and packages built from a manifest and pages in `workDir`. */
function createScormSuiteCalls(app: SuiteApp, workDir: string) {
  const call: ReturnType<typeof scormTestClient>['call'] = (person, method, url, payload) =>
    scormTestClient(app).call(person, method, url, payload);

  const upload = async (person: ScormPerson, file: string, query = '') => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/scorm/packages?file_name=${encodeURIComponent(path.basename(file))}${query}`,
      headers: { ...person.headers, 'content-type': 'application/zip' },
      payload: await readFile(file),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ package: ScormPackage }>().package;
  };

  const uploadAndProcess = async (person: ScormPerson, file: string, query = '') => {
    const uploaded = await upload(person, file, query);
    const processed = await call<{ package: ScormPackage }>(
      person,
      'POST',
      `/api/scorm/packages/${uploaded.id}/process`,
    );
    expect(processed.status).toBe(200);
    return processed.body.package;
  };

  const built = async (name: string, manifest: string, pages: string[]) =>
    writeZip(path.join(workDir, name), [
      { name: 'imsmanifest.xml', content: manifest },
      ...pages.map((page) => ({ name: page, content: `<html><body>${page}</body></html>` })),
    ]);

  return { call, upload, uploadAndProcess, built };
}

/**
 * An app with its own data folder, an admin, two instructors and two learners, a record of its domain events and
 * the upload calls the SCORM package tests make.
 */
export async function startScormSuite(target: TestTarget) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-scorm-${target.name}-`));
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-scorm-zips-'));
  const started = await startTestApp(target, { dataDir });
  const { app, database } = started;
  const events: DomainEvent[] = [];
  app.domainEvents.subscribe('scorm-test-recorder', async (event) => {
    events.push(event);
  });
  const [admin, instructor, otherInstructor, learner, otherLearner] = await Promise.all([
    createScormPerson(app, database.db, 'admin'),
    createScormPerson(app, database.db, 'instructor'),
    createScormPerson(app, database.db, 'instructor'),
    createScormPerson(app, database.db, 'learner'),
    createScormPerson(app, database.db, 'learner'),
  ]);

  const close = async () => {
    await started.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  };
  return {
    app,
    database,
    close,
    dataDir,
    workDir,
    admin,
    instructor,
    otherInstructor,
    learner,
    otherLearner,
    events,
    ...createScormSuiteCalls(app, workDir),
  };
}
export type ScormSuite = Awaited<ReturnType<typeof startScormSuite>>;
