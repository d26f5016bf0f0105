import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { startSiblingApp, startTestApp, testTargets } from '../testing/test-app.ts';

describe.each(testTargets())('background jobs on $name', (target) => {
  let app: App;
  let sibling: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startTestApp(target);
    ({ app, close } = started);
    sibling = await startSiblingApp(started.database);
  });
  afterAll(async () => {
    await sibling.close();
    await close();
  });

  it('each queued job runs once, though two app instances work the same queue', async () => {
    const handled: number[] = [];
    for (const instance of [app, sibling]) {
      await instance.jobs.work<{ n: number }>('test.count', async ({ n }) => {
        handled.push(n);
      });
    }
    const ids = await Promise.all(Array.from({ length: 8 }, (_, n) => app.jobs.schedule('test.count', { n })));
    await vi.waitFor(
      async () => {
        const states = await Promise.all(ids.map((id) => app.jobs.state('test.count', id ?? '')));
        expect(states.every((state) => state === 'completed')).toBe(true);
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(handled.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('a job scheduled for later waits for its time while jobs due now run', async () => {
    const handled: string[] = [];
    await app.jobs.work<{ about: string }>('test.reminder', async ({ about }) => {
      handled.push(about);
    });
    const later = await app.jobs.schedule(
      'test.reminder',
      { about: 'later' },
      { startAfter: new Date(Date.now() + 3_600_000) },
    );
    const now = await app.jobs.schedule('test.reminder', { about: 'now' });
    await vi.waitFor(async () => expect(await app.jobs.state('test.reminder', now ?? '')).toBe('completed'), {
      timeout: 30_000,
      interval: 250,
    });
    expect(await app.jobs.state('test.reminder', later ?? '')).toBe('created');
    expect(handled).toEqual(['now']);
  });
});
