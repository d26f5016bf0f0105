import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions, InjectOptions, LightMyRequestCallback } from 'fastify';
import pg from 'pg';
import { type App, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import type { Clock } from '../plugins/jobs.ts';
import { openPgliteCopy } from './pglite-template.ts';

export type TestTarget = {
  name: 'pglite' | 'postgres';
  open: () => Promise<{ database: Database; drop: () => Promise<void> }>;
};

/** Every database the integration tests run on: PGlite always, a real PostgreSQL when TEST_DATABASE_URL is set. */
export function testTargets(): TestTarget[] {
  const targets: TestTarget[] = [
    {
      name: 'pglite',
      open: openPgliteCopy,
    },
  ];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    targets.push({
      name: 'postgres',
      open: async () => {
        const name = `portal_test_${randomUUID().replaceAll('-', '')}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 20 });
        return {
          database,
          drop: async () => {
            const cleanup = new pg.Client({ connectionString: adminUrl });
            await cleanup.connect();
            await cleanup.query(`drop database if exists ${name} with (force)`);
            await cleanup.end();
          },
        };
      },
    });
  }
  return targets;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
      DATA_DIR: '/tmp/portal-test-data',
    }),
    publicUrl: 'http://localhost:3000',
    devMailbox: true,
    authRateLimitPerMinute: 1000,
    // Every test account signs up and in through the real scrypt path, at a sixteenth of the standard cost.
    passwordCost: 1024,
    webDistDir: '/nonexistent',
    ...overrides,
  };
}

const databases = new WeakMap<App, Database>();

/** The database a test app was started on (helpers read the outbox through it). */
export function databaseOf(app: App): Database {
  const database = databases.get(app);
  if (!database) throw new Error('not an app started by startTestApp or startSiblingApp');
  return database;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Injected state-changing requests carry the app's own `Origin`, as a browser's same-origin fetch does. A test that
 * names `origin` in its headers keeps what it names; `origin: undefined` sends none.
 */
function sendSameOrigin(app: App, origin: string) {
  const inject = app.inject.bind(app);
  const withOrigin = (options: InjectOptions | string): InjectOptions | string => {
    if (typeof options === 'string' || SAFE_METHODS.has(String(options.method ?? 'GET').toUpperCase())) return options;
    const headers = { ...(options.headers ?? {}) } as Record<string, string | string[] | undefined>;
    const named = Object.keys(headers).find((name) => name.toLowerCase() === 'origin');
    if (named === undefined) headers.origin = origin;
    else if (headers[named] === undefined) delete headers[named];
    return { ...options, headers };
  };
  app.inject = ((options?: InjectOptions | string, callback?: LightMyRequestCallback) => {
    if (options === undefined) return inject();
    return callback ? inject(withOrigin(options), callback) : inject(withOrigin(options));
  }) as App['inject'];
}

async function buildTestApp(
  database: Database,
  overrides: Partial<Config>,
  logger?: FastifyServerOptions['logger'],
  clock?: Clock,
) {
  const config = testConfig(overrides);
  const app = await buildApp({
    config,
    database,
    logger: logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
    ...(clock ? { clock } : {}),
  });
  sendSameOrigin(app, new URL(config.publicUrl).origin);
  databases.set(app, database);
  await app.ready();
  return app;
}

/** A real app on a real database; call `close` in afterAll. A `clock` lets the test move the app's time. */
export async function startTestApp(
  target: TestTarget,
  overrides: Partial<Config> = {},
  { clock }: { clock?: Clock } = {},
) {
  const { database, drop } = await target.open();
  const app = await buildTestApp(database, overrides, undefined, clock);
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * Another instance with its own settings (and, if given, its own logger) on a database a test app already opened;
 * close it before that app.
 */
export async function startSiblingApp(
  database: Database,
  overrides: Partial<Config> = {},
  logger?: FastifyServerOptions['logger'],
) {
  return buildTestApp(database, overrides, logger);
}
