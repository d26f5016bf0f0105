import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

/** What time it is for the app's rules; tests move it instead of waiting. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/**
 * Background work that runs once across all app instances, on the app's own PostgreSQL (pg-boss). Handlers must be
 * idempotent: a job whose instance died is retried.
 */
export type Jobs = {
  /** Queues one run of `name`, at once or not before `startAfter`; answers the job's id. */
  schedule(name: string, data?: object, options?: { startAfter?: Date }): Promise<string | null>;
  /** Runs each job of `name` in this process. */
  work<Data extends object>(name: string, handler: (data: Data) => Promise<void>): Promise<void>;
  /** Queues `name` on a cron schedule (UTC), once across instances. */
  cron(name: string, expression: string, data?: object): Promise<void>;
  /** Where a queued job stands; null for an unknown id. */
  state(name: string, id: string): Promise<JobState | null>;
  /** Whether this process's queue runs, and jobs due and waiting, running now, and failed in the last day. */
  health(): Promise<JobsHealth>;
};

export type JobsHealth = { running: boolean; queued: number; active: number; failedLastDay: number };

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
    clock: Clock;
  }
}

/** Seconds between polls of a worker for new jobs (pg-boss's smallest is 0.5). */
const POLL_SECONDS = 1;

/** Jobs due and waiting, running now, and failed in the last day, with whether this process's queue runs. */
async function readJobsHealth(database: Database, running: boolean): Promise<JobsHealth> {
  const { rows } = await database.executeSql(
    `select count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as queued,
       count(*) filter (where state = 'active')::int as active,
       count(*) filter (where state = 'failed' and completed_on > now() - interval '1 day')::int as failed
     from pgboss.job`,
  );
  const counts = rows[0] as { queued: number; active: number; failed: number } | undefined;
  return {
    running,
    queued: counts?.queued ?? 0,
    active: counts?.active ?? 0,
    failedLastDay: counts?.failed ?? 0,
  };
}

async function startJobs({ database, logger }: { database: Database; logger: FastifyBaseLogger }) {
  // One adapter for both databases: PGlite has no connection string, and on PostgreSQL the app's pool is reused.
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  let running = true;
  boss.on('stopped', () => {
    running = false;
  });
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    // Creating a queue that exists (another instance made it) changes nothing.
    await boss.createQueue(name);
    queues.add(name);
  };

  const jobs: Jobs = {
    async schedule(name, data = {}, options = {}) {
      await ensureQueue(name);
      return boss.send(name, data, options.startAfter ? { startAfter: options.startAfter } : {});
    },
    async work(name, handler) {
      await ensureQueue(name);
      await boss.work<object>(name, { pollingIntervalSeconds: POLL_SECONDS }, async (batch) => {
        for (const job of batch) await handler(job.data as Parameters<typeof handler>[0]);
      });
    },
    async cron(name, expression, data = {}) {
      await ensureQueue(name);
      await boss.schedule(name, expression, data, { tz: 'UTC' });
    },
    async state(name, id) {
      const job = await boss.getJobById(name, id, { includeArchive: true });
      return (job?.state as JobState | undefined) ?? null;
    },
    health: () => readJobsHealth(database, running),
  };
  return { jobs, stop: () => boss.stop({ graceful: true, wait: true, timeout: 5_000 }) };
}

/** Decorates `app.jobs` (started with the app, stopped before the database closes) and `app.clock`. */
export const jobsPlugin = fp(
  async (app: FastifyInstance, { database, clock }: { database: Database; clock: Clock }) => {
    const { jobs, stop } = await startJobs({ database, logger: app.log });
    app.decorate('jobs', jobs);
    app.decorate('clock', clock);
    app.addHook('onClose', stop);
  },
  { name: 'jobs' },
);
