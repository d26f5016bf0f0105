import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
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
    webDistDir: '/nonexistent',
    ...overrides,
  };
}

/** A real app on a real database; call `close` in afterAll. */
export async function startTestApp(target: TestTarget, overrides: Partial<Config> = {}) {
  const { database, drop } = await target.open();
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
  });
  await app.ready();
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

/** Another instance with its own settings on a database a test app already opened; close it before that app. */
export async function startSiblingApp(database: Database, overrides: Partial<Config> = {}) {
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
  });
  await app.ready();
  return app;
}
