import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChangeCache, droppingAfterWrites } from './change-cache.ts';
import type { Database } from './db/client.ts';
import { testTargets } from './testing/test-app.ts';
import { within } from './testing/within.ts';

describe.each(testTargets())('rows kept until the database says they changed ($name)', (target) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await target.open());
  });
  afterAll(async () => {
    await drop();
  });

  /** A cache over a counter that stands for a row: each read returns the current value and counts the read. */
  async function counterCache(channel: string) {
    const row = { value: 1, reads: 0 };
    const cache = createChangeCache<number>({ channel });
    const read = () =>
      cache.get('row', async () => {
        row.reads++;
        return row.value;
      });
    await cache.start(database);
    return { row, cache, read };
  }

  it('reads once, then answers from memory until a notice names the key', async () => {
    const { row, cache, read } = await counterCache('test_counter_changes');
    try {
      expect(await read()).toBe(1);
      row.value = 2;
      expect(await read()).toBe(1);
      expect(row.reads).toBe(1);
      // Another key's notice leaves it alone; its own (as a trigger sends it, from any connection) drops it.
      await database.notify('test_counter_changes', 'another-row');
      await database.notify('test_counter_changes', 'row');
      await within(2_000, async () => (await read()) === 2);
      expect(row.reads).toBe(2);
      row.value = 3;
      cache.drop('*');
      expect(await read()).toBe(3);
    } finally {
      await cache.stop();
    }
  });

  it('keeps nothing read while a notice arrived, nothing undefined, and nothing before it listens', async () => {
    const cache = createChangeCache<string>({ channel: 'test_racing_changes' });
    let reads = 0;
    const counted =
      <Value>(value: Value) =>
      async () => {
        reads++;
        return value;
      };
    expect(await cache.get('row', counted('before start'))).toBe('before start');
    expect(await cache.get('row', counted('still not kept'))).toBe('still not kept');
    await cache.start(database);
    try {
      // A read that began before a notice may hold the old row: it answers, but is not kept.
      const racing = cache.get('row', async () => {
        cache.drop('row');
        reads++;
        return 'old';
      });
      expect(await racing).toBe('old');
      // Another key's notice while a read runs leaves it to be kept: a busy instance hears them all the time.
      const elsewhere = cache.get('row', async () => {
        cache.drop('another-row');
        reads++;
        return 'new';
      });
      expect(await elsewhere).toBe('new');
      expect(await cache.get('row', counted('newer'))).toBe('new');
      expect(await cache.get('missing', counted(undefined))).toBeUndefined();
      expect(await cache.get('missing', counted(undefined))).toBeUndefined();
      expect(reads).toBe(6);
      // A drop of everything while a read runs keeps it from being kept, whatever its key.
      const everything = cache.get('other', async () => {
        cache.drop('*');
        reads++;
        return 'old';
      });
      expect(await everything).toBe('old');
      expect(await cache.get('other', counted('fresh'))).toBe('fresh');
      expect(reads).toBe(8);
    } finally {
      await cache.stop();
    }
  });

  it('reads again after its time to live, notice or not', async () => {
    let at = 0;
    const cache = createChangeCache<number>({ channel: 'test_ttl_changes', ttlMs: 1_000, now: () => at });
    await cache.start(database);
    try {
      let reads = 0;
      const read = () => cache.get('row', async () => ++reads);
      expect(await read()).toBe(1);
      at = 999;
      expect(await read()).toBe(1);
      at = 1_000;
      expect(await read()).toBe(2);
    } finally {
      await cache.stop();
    }
  });

  it('forgets what a write changed once the write ends, also when it fails, and leaves reads alone', async () => {
    const { row, cache, read } = await counterCache('test_write_changes');
    const dropped: unknown[][] = [];
    const repository = droppingAfterWrites(
      {
        save: async (value: number) => {
          row.value = value;
        },
        async fail() {
          // A write that calls another method of its repository still reaches it.
          await this.load();
          throw new Error('constraint violated');
        },
        load: async () => row.value,
      },
      ['save', 'fail'],
      (...args) => {
        dropped.push(args);
        cache.drop('row');
      },
    );
    try {
      expect(await read()).toBe(1);
      await repository.save(5);
      expect(await read()).toBe(5);
      await expect(repository.fail()).rejects.toThrow('constraint violated');
      expect(await repository.load()).toBe(5);
      expect(dropped).toEqual([[5], []]);
      expect(row.reads).toBe(2);
    } finally {
      await cache.stop();
    }
  });
});
