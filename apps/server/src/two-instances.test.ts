import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import yazl from 'yazl';
import { startS3Server } from './testing/s3-server.ts';
import { exited, startServerProcess, waitUntilHealthy } from './testing/server-process.ts';
import { within } from './testing/within.ts';

/**
 * Two server processes on one PostgreSQL and one S3-compatible store, as production runs them behind a load
 * balancer: what one instance does, the other sees. Needs a PostgreSQL server (TEST_DATABASE_URL).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.log('two-instance test skipped: TEST_DATABASE_URL names no PostgreSQL server');

const PASSWORD = 'demo-password-123';
const portA = 5200 + Math.floor(Math.random() * 300) * 2;
const portB = portA + 600;
const baseA = `http://127.0.0.1:${portA}`;
const baseB = `http://127.0.0.1:${portB}`;

type Instance = { base: string; process: ChildProcess };

async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const call = (base: string, url: string, cookie: string, init: RequestInit = {}) =>
  fetch(`${base}${url}`, { ...init, headers: { origin: base, cookie, ...(init.headers ?? {}) } });

async function packageZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(`<?xml version="1.0"?>
<manifest identifier="two-instances" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Shared store</title>
    <item identifier="i1" identifierref="r1"><title>Only lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html">
    <file href="index.html"/></resource></resources>
</manifest>`),
    'imsmanifest.xml',
  );
  zip.addBuffer(Buffer.from('<!doctype html><title>Lesson</title><h1>Stored once, served by both</h1>'), 'index.html');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.skipIf(!adminUrl)('two instances on one PostgreSQL and one S3 store', { timeout: 240_000 }, () => {
  const databaseName = `portal_two_${randomUUID().replaceAll('-', '')}`;
  const dataDirs = [mkdtempSync(path.join(tmpdir(), 'portal-a-')), mkdtempSync(path.join(tmpdir(), 'portal-b-'))];
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let a: Instance;
  let b: Instance;
  let bothUpAt = 0;
  // Sign-ins are throttled at six a minute (as set below): tests that only act as the learner share one session.
  let learnerSession: Promise<string> | undefined;
  const learnerOnA = () => {
    learnerSession ??= signIn(a.base, 'learner@example.com');
    return learnerSession;
  };
  /** Writes a note through A on the `nth` lesson of the plan every learner has; a lesson's first note earns XP. */
  const noteOnA = async (cookie: string, nth: number, body: string) => {
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      `select l.id from lessons l join courses c on c.id = l.course_id
       where c.status = 'published' and c.required_tier = 'calm' order by l.created_at offset $1 limit 1`,
      [nth],
    );
    await client.end();
    return call(a.base, '/api/notes', cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lesson_id: rows[0]?.id, body }),
    });
  };

  const admin = () => new pg.Client({ connectionString: adminUrl });
  const databaseUrl = () => {
    const url = new URL(adminUrl as string);
    url.pathname = `/${databaseName}`;
    return url.toString();
  };

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${databaseName}`);
    await client.end();
    s3 = await startS3Server();
    const shared = {
      ...s3.env,
      DATABASE_URL: databaseUrl(),
      AUTH_SECRET: 'two-instances-share-this-secret-of-32-chars',
      AUTH_RATE_LIMIT_PER_MINUTE: '6',
    };
    // A seeds the demo accounts first; B starts on the same database without seeding.
    const processA = startServerProcess({ dataDir: dataDirs[0] as string, port: portA, env: { ...shared } });
    a = { base: baseA, process: processA };
    await waitUntilHealthy(processA, baseA);
    const processB = startServerProcess({
      dataDir: dataDirs[1] as string,
      port: portB,
      env: { ...shared, DEMO_DATA: '0' },
    });
    b = { base: baseB, process: processB };
    await waitUntilHealthy(processB, baseB);
    bothUpAt = Date.now();
  });

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (instance?.process.exitCode === null) {
        instance.process.kill('SIGTERM');
        await exited(instance.process);
      }
    }
    await s3?.close();
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${databaseName} with (force)`);
    await client.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a package uploaded through A is served by B from the shared store', async () => {
    const cookie = await signIn(a.base, 'admin@example.com');
    const uploaded = await call(a.base, '/api/scorm/packages?file_name=shared.zip&title=Shared', cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/zip' },
      body: new Uint8Array(await packageZip()),
    });
    expect(uploaded.status).toBe(201);
    const { package: pkg } = (await uploaded.json()) as { package: { id: string } };
    const processed = await call(a.base, `/api/scorm/packages/${pkg.id}/process`, cookie, { method: 'POST' });
    expect(((await processed.json()) as { package: { status: string } }).package.status).toBe('ready');

    // B opens it: its own launch of the package, and the SCO's file from B's content origin.
    const adminOnB = await signIn(b.base, 'admin@example.com');
    const session = (await (await call(b.base, `/api/scorm/preview/${pkg.id}`, adminOnB)).json()) as {
      scos: { launch_url: string }[];
      content: { wrapper_url: string };
    };
    const token = session.content.wrapper_url.split('/').at(-1);
    const contentOrigin = new URL(session.content.wrapper_url).origin;
    expect(new URL(contentOrigin).port).toBe(String(portB + 1));
    const file = await fetch(`${contentOrigin}/scorm/c/${token}/${session.scos[0]?.launch_url}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('Stored once, served by both');
    // Nothing of it is on either instance's disk: the files live in the object store.
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'files'))).toBe(false);
  });

  it('XP earned through A reaches the learner’s socket on B', async () => {
    const cookie = await learnerOnA();
    const socket = new WebSocket(`ws://127.0.0.1:${portB}/api/realtime`, { headers: { cookie, origin: b.base } });
    const messages: { type: string; table?: string }[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      const ready = () => (messages.some((message) => message.type === 'ready') ? resolve() : setTimeout(ready, 20));
      ready();
    });
    const note = await noteOnA(cookie, 0, 'Written on A');
    expect(note.status).toBe(201);
    const deadline = Date.now() + 10_000;
    while (!messages.some((message) => message.type === 'table_change' && message.table === 'user_xp')) {
      if (Date.now() > deadline) throw new Error(`no XP message on B: ${JSON.stringify(messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    socket.close();
  });

  it('XP earned through A shows on the learner’s home on B within a second', async () => {
    const cookie = await learnerOnA();
    const totalXp = async () =>
      ((await (await call(b.base, '/api/analytics/home', cookie)).json()) as { stats: { total_xp: number } }).stats
        .total_xp;
    // B keeps the home it has read.
    const before = await totalXp();
    expect(await totalXp()).toBe(before);
    const note = await noteOnA(cookie, 2, 'Noted on A');
    expect(note.status).toBe(201);
    await within(1_000, async () => (await totalXp()) > before);
  });

  it('a session signed out on A is refused by B within a second', async () => {
    const cookie = await signIn(a.base, 'learner@example.com');
    expect((await call(b.base, '/api/profile', cookie)).status).toBe(200);
    expect((await call(b.base, '/api/profile', cookie)).status).toBe(200);
    const out = await call(a.base, '/api/account/sign-out', cookie, { method: 'POST' });
    expect(out.status).toBeLessThan(300);
    await within(1_000, async () => (await call(b.base, '/api/profile', cookie)).status === 401);
  });

  it('a lesson an admin renames on A is what learners on B open within a second', async () => {
    const learner = await signIn(b.base, 'learner@example.com');
    const catalogue = (await (await call(b.base, '/api/courses', learner)).json()) as {
      courses: { id: string; accessible: boolean }[];
    };
    const course = catalogue.courses.find((candidate) => candidate.accessible);
    expect(course).toBeDefined();
    const outline = (await (await call(b.base, `/api/courses/${course?.id}/outline`, learner)).json()) as {
      modules: { lessons: { id: string; title: string; locked: boolean }[] }[];
    };
    const lesson = outline.modules.flatMap((module) => module.lessons).find((candidate) => !candidate.locked);
    expect(lesson).toBeDefined();
    const opened = async () =>
      ((await (await call(b.base, `/api/lessons/${lesson?.id}`, learner)).json()) as { lesson: { title: string } })
        .lesson.title;
    // B has read the course now, and keeps its outline.
    expect(await opened()).toBe(lesson?.title);
    const renamed = `Renamed on A ${randomUUID().slice(0, 8)}`;
    const admin = await signIn(a.base, 'admin@example.com');
    const edit = await call(a.base, `/api/admin/lessons/${lesson?.id}`, admin, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: renamed }),
    });
    expect(edit.status).toBe(200);
    await within(1_000, async () => (await opened()) === renamed);
  });

  it('a rate limit counts the requests made to both instances', async () => {
    const ask = (base: string) =>
      fetch(`${base}/api/account/request-password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email: `limited-${randomUUID()}@example.com` }),
      });
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await ask(index % 2 ? b.base : a.base)).status);
    expect(statuses.every((status) => status < 300)).toBe(true);
    expect((await ask(a.base)).status).toBe(429);
    expect((await ask(b.base)).status).toBe(429);
  });

  it('the every-minute subscription job runs once a minute, not once per instance', async () => {
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      const runs = async () =>
        (
          await client.query<{ minute: string; runs: number }>(
            `select (extract(epoch from date_trunc('minute', created_on)) * 1000)::bigint::text as minute, count(*)::int as runs from pgboss.job
             where name = 'billing.subscription-lifecycle' group by 1 order by 1`,
          )
        ).rows;
      // Both instances schedule the cron; pg-boss queues one job per minute whoever asks. A minute that began
      // once both were up shows it.
      const bothUp = bothUpAt;
      const deadline = Date.now() + 90_000;
      const afterBothUp = async () => (await runs()).filter((row) => Number(row.minute) >= bothUp);
      while ((await afterBothUp()).length === 0) {
        if (Date.now() > deadline) throw new Error('the cron job was not queued in a minute after both started');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      for (const minute of await runs()) expect(minute.runs).toBe(1);
    } finally {
      await client.end();
    }
  });
});
