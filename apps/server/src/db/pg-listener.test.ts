import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../testing/within.ts';
import { createPgListener } from './pg-listener.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('one listening connection for every channel', () => {
  const name = `portal_listen_${randomUUID().replaceAll('-', '')}`;
  let url: string;
  let client: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(adminUrl as string);
    target.pathname = `/${name}`;
    url = target.toString();
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const listeningBackends = async () =>
    (
      await client.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )
    ).rows.map((row) => row.pid);

  it('hears each channel on one connection, and again after that connection is cut', async () => {
    const listener = createPgListener(url);
    const heard: string[] = [];
    const lost: string[] = [];
    const restored: string[] = [];
    const subscribe = (channel: string) =>
      listener.listen(channel, (payload) => heard.push(`${channel}:${payload}`), {
        onLost: () => lost.push(channel),
        onRestored: () => restored.push(channel),
      });
    try {
      await subscribe('sessions_test');
      const stopCourses = await subscribe('courses_test');
      await subscribe('courses_test');
      expect(await listeningBackends()).toHaveLength(1);

      await client.query(`select pg_notify('sessions_test', 's1'), pg_notify('courses_test', 'c1')`);
      await within(5_000, () => heard.length === 3);
      expect(heard.sort()).toEqual(['courses_test:c1', 'courses_test:c1', 'sessions_test:s1']);

      // One of two subscribers leaves: the other still hears the channel.
      await stopCourses();
      heard.length = 0;
      await client.query(`select pg_notify('courses_test', 'c2')`);
      await within(5_000, () => heard.length === 1);

      const [pid] = await listeningBackends();
      await client.query('select pg_terminate_backend($1)', [pid]);
      await within(5_000, () => restored.length === 2);
      expect(lost.sort()).toEqual(['courses_test', 'sessions_test']);
      heard.length = 0;
      await client.query(`select pg_notify('sessions_test', 's2'), pg_notify('courses_test', 'c3')`);
      await within(5_000, () => heard.length === 2);
      expect(heard.sort()).toEqual(['courses_test:c3', 'sessions_test:s2']);
    } finally {
      await listener.close();
    }
    await within(5_000, async () => (await listeningBackends()).length === 0);
  });
});
