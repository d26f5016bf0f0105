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
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Unlisten = () => Promise<void>;
export type ListenEvents = { onLost?: () => void; onRestored?: () => void };

/** A dropped LISTEN connection is tried again this often. */
const RELISTEN_EVERY_MS = 1_000;

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
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
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
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle connection the server closed (restart, terminated backend) is dropped by the pool; without a listener
  // the pool's 'error' event would take the whole process down.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  await migrateAlone(url, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }));
  const listeners = new Set<pg.Client>();
  let closed = false;
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    async listen(channel, onPayload, events = {}) {
      let current: pg.Client | null = null;
      let stopped = false;
      const connect = async () => {
        const client = new pg.Client({ connectionString: url });
        // A terminated connection emits 'error'; unhandled, it would end the process. 'end' follows it.
        client.on('error', () => undefined);
        client.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
        });
        try {
          await client.connect();
          await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await client.end().catch(() => undefined);
          throw error;
        }
        if (stopped || closed) {
          await client.end().catch(() => undefined);
          return;
        }
        client.once('end', () => {
          if (stopped || closed || current !== client) return;
          current = null;
          events.onLost?.();
          retry();
        });
        current = client;
        listeners.add(client);
      };
      const retry = () => {
        setTimeout(() => {
          if (stopped || closed) return;
          connect().then(() => events.onRestored?.(), retry);
        }, RELISTEN_EVERY_MS).unref();
      };
      await connect();
      return async () => {
        stopped = true;
        const client = current;
        current = null;
        if (client) {
          listeners.delete(client);
          await client.end();
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async executeSql(text, values = []) {
      return pool.query(text, values);
    },
    async close() {
      closed = true;
      const open = [...listeners];
      listeners.clear();
      await Promise.all(open.map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}
