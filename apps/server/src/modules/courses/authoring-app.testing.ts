import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp, type TestTarget } from '../../testing/test-app.ts';
import { authoring, createPerson } from './courses.testing.ts';

/** An app with its own data folder, an admin author, an instructor and a learner, as the authoring tests use it. */
export async function startAuthoringApp(target: TestTarget) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-courses-'));
  const started = await startTestApp(target, { dataDir });
  const { app, database } = started;
  const [admin, instructor, learner] = await Promise.all([
    createPerson(app, database.db, { role: 'admin', tier: 'calm' }),
    createPerson(app, database.db, { role: 'instructor', tier: 'universal' }),
    createPerson(app, database.db, { role: 'learner', tier: 'universal' }),
  ]);
  const close = async () => {
    await started.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, database, close, admin, instructor, learner, author: authoring(app, admin) };
}
export type AuthoringApp = Awaited<ReturnType<typeof startAuthoringApp>>;
