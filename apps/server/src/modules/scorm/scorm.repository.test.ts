import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { testTargets } from '../../testing/test-app.ts';
import { createScormRepository } from './scorm.repository.ts';
import { scormPackages } from './scorm.table.ts';

describe.each(testTargets())('interrupted SCORM ingests on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await target.open());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('fails only packages stuck uploading or processing past the lease, not one another instance is ingesting', async () => {
    const metadata = { originalFileName: 'course.zip', fileSize: 1, uploadedAt: new Date().toISOString() };
    const [stuck, busy, abandoned] = await database.db
      .insert(scormPackages)
      .values([
        {
          title: 'Stuck',
          zipPath: 'scorm-packages/1_stuck.zip',
          status: 'processing',
          metadata,
          updatedAt: new Date(Date.now() - 3_600_000),
        },
        { title: 'Busy', zipPath: 'scorm-packages/2_busy.zip', status: 'processing', metadata },
        {
          title: 'Abandoned',
          zipPath: 'scorm-packages/3_abandoned.zip',
          status: 'uploading',
          metadata,
          updatedAt: new Date(Date.now() - 180_000),
        },
      ])
      .returning({ id: scormPackages.id });
    if (!stuck || !busy || !abandoned) throw new Error('packages not inserted');

    const repository = createScormRepository({ db: database.db });
    const sweeps = await Promise.all([
      repository.failInterrupted('Interrupted.', { leaseSeconds: 120 }),
      repository.failInterrupted('Interrupted.', { leaseSeconds: 120 }),
    ]);
    expect(sweeps.flat().sort()).toEqual([stuck.id, abandoned.id].sort());
    const rows = await database.db
      .select({ id: scormPackages.id, status: scormPackages.status, reason: scormPackages.failureReason })
      .from(scormPackages)
      .where(inArray(scormPackages.id, [stuck.id, busy.id, abandoned.id]));
    expect(rows.find((row) => row.id === stuck.id)).toMatchObject({ status: 'failed', reason: 'interrupted' });
    expect(rows.find((row) => row.id === abandoned.id)).toMatchObject({ status: 'failed', reason: 'interrupted' });
    expect(rows.find((row) => row.id === busy.id)).toMatchObject({ status: 'processing' });
    await database.db.delete(scormPackages).where(eq(scormPackages.id, busy.id));
  });
});
