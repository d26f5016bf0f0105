import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths.ts';
import { DB_CASING } from './built-once.ts';
import { createPgListener, type ListenEvents } from './pg-listener.ts';
import { PlanRoutingPool } from './preparing-client.ts';

/**
 * The app reads through the query builder only. A relational schema handed to drizzle would be walked on every
 * transaction (one query builder per table, 87 tables) for `db.query`, which nothing uses.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Unlisten = () => Promise<void>;
export type { ListenEvents };

/** A `NOTIFY` to send: with `notify`, or as part of a write so it goes out only if the write commits. */
export type Notice = { channel: string; payload: string };

/** One database connection for the whole process, embedded or server. */
export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs `LISTEN channel` and calls back with each payload. A server connection that drops is opened again every
   * second until it is back; `onLost` and `onRestored` tell the caller, since notices sent in between are missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, events?: ListenEvents): Promise<Unlisten>;
  notify(channel: string, payload: string): Promise<void>;
  /** Raw SQL with positional parameters, for libraries that bring their own SQL (the job queue). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string }
  | { kind: 'postgres'; url: string; maxConnections?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options.dataDir) : openPostgres(options.url, options.maxConnections);
}

/**
 * PGlite runs PostgreSQL inside this process, and PostgreSQL touches all of its shared memory when it starts: with
 * the stock 128 MB of shared buffers that alone was about 130 MB of the server's resident memory at idle. The
 * embedded default serves one small installation; pages beyond 16 MB come from the operating system's file cache.
 * PGlite is a single backend, so room for 100 connections (lock tables and process slots sized by it) is waste.
 * Durability is untouched: these size memory only.
 */
const PGLITE_MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'max_connections=5'];

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm serves substring search (the admin user list); server PostgreSQL ships it in contrib.
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
  });
  const db = drizzlePglite({ client, casing: DB_CASING });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return unsubscribe;
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async executeSql(text, values = []) {
      // Only the simple protocol runs several statements in one call; it takes no parameters.
      if (values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** Instances starting together migrate one after another: the first applies, the others find nothing to do. */
async function migrateAlone(url: string, migrate: () => Promise<void>) {
  const lock = new pg.Client({ connectionString: url });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('portal_migrations'))`);
    await migrate();
  } finally {
    await lock.end().catch(() => undefined);
  }
}

async function openPostgres(url: string, maxConnections = 10): Promise<Database> {
  const pool = new PlanRoutingPool({ connectionString: url, max: maxConnections });
  // An idle connection the server closed (restart, terminated backend) is dropped by the pool; without a listener
  // the pool's 'error' event would take the whole process down.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, casing: DB_CASING });
  await migrateAlone(url, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }));
  const listener = createPgListener(url);
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    listen: (channel, onPayload, events) => listener.listen(channel, onPayload, events),
    notify: batchedNotify(pool),
    async executeSql(text, values = []) {
      return pool.query(text, values);
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** Notices sent in one turn of the event loop (an award pushes several tables) go to the server as one statement. */
function batchedNotify(pool: pg.Pool) {
  type Queued = { channel: string; payload: string; done: (error?: unknown) => void };
  let queued: Queued[] = [];
  const send = () => {
    const batch = queued;
    queued = [];
    if (batch.length === 0) return;
    const calls = batch.map((_, index) => `pg_notify($${index * 2 + 1}, $${index * 2 + 2})`).join(', ');
    pool
      .query(
        `select ${calls}`,
        batch.flatMap(({ channel, payload }) => [channel, payload]),
      )
      .then(
        () => {
          for (const entry of batch) entry.done();
        },
        (error: unknown) => {
          for (const entry of batch) entry.done(error);
        },
      );
  };
  return (channel: string, payload: string) =>
    new Promise<void>((resolve, reject) => {
      queued.push({ channel, payload, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (queued.length === 1) setImmediate(send);
      else if (queued.length >= 100) send();
    });
}
