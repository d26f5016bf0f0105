import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { HealthState, SystemHealth } from '@portal/shared/admin-overview';
import type { JobsHealth } from '../../plugins/jobs.ts';
import type { BlobStore } from '../files/blob-store.ts';
import type { AdminOverviewRepository } from './admin-overview.repository.ts';

/** What the health panel asks about the running system. */
export type SystemHealthSources = {
  databaseKind: 'pglite' | 'postgres';
  smtpConfigured: boolean;
  blobStore: Pick<BlobStore, 'put' | 'stat' | 'delete'>;
  jobsHealth: () => Promise<JobsHealth>;
  realtimeConnections: () => number;
};

/** A check that takes longer than this counts as down, so one stuck part cannot hold the whole page. */
const CHECK_TIMEOUT_MS = 3_000;
/** A database round trip slower than this is reported as a warning. */
const SLOW_DATABASE_MS = 250;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function timed(work: () => Promise<unknown>): Promise<number | null> {
  const started = performance.now();
  try {
    await withinTimeout(work());
    return Math.round((performance.now() - started) * 10) / 10;
  } catch {
    return null;
  }
}

type SystemHealthDeps = SystemHealthSources & { overviewRepository: AdminOverviewRepository; now: () => Date };

async function checkDatabase({
  overviewRepository,
  databaseKind,
}: Pick<SystemHealthDeps, 'overviewRepository' | 'databaseKind'>): Promise<SystemHealth['database']> {
  const latency = await timed(() => overviewRepository.ping());
  const status: HealthState = latency === null ? 'down' : latency > SLOW_DATABASE_MS ? 'warning' : 'ok';
  return { status, kind: databaseKind, latency_ms: latency ?? CHECK_TIMEOUT_MS };
}

async function checkMail({
  overviewRepository,
  smtpConfigured,
  now,
}: Pick<SystemHealthDeps, 'overviewRepository' | 'smtpConfigured' | 'now'>): Promise<SystemHealth['mail']> {
  const stats = await withinTimeout(overviewRepository.mailStats(now())).catch(() => null);
  if (!stats) return { status: 'down', smtp_configured: smtpConfigured, pending: 0, failed: 0, last_sent_at: null };
  const status: HealthState = !smtpConfigured || stats.failed > 0 ? 'warning' : 'ok';
  return { status, smtp_configured: smtpConfigured, ...stats };
}

/** Writes, reads back and removes a tiny blob: the store is up only if all three work. */
async function checkFiles(blobStore: SystemHealthSources['blobStore']): Promise<SystemHealth['files']> {
  const key = `health/${randomUUID()}`;
  const latency = await timed(async () => {
    await blobStore.put(key, Readable.from([Buffer.from('ok')]));
    if ((await blobStore.stat(key))?.size !== 2) throw new Error('the probe blob did not read back');
    await blobStore.delete(key);
  });
  return { status: latency === null ? 'down' : 'ok', latency_ms: latency };
}

async function checkJobs(jobsHealth: SystemHealthSources['jobsHealth']): Promise<SystemHealth['jobs']> {
  const report = await withinTimeout(jobsHealth()).catch(() => null);
  if (!report) return { status: 'down', running: false, queued: 0, active: 0, failed: 0 };
  const status: HealthState = !report.running ? 'down' : report.failedLastDay > 0 ? 'warning' : 'ok';
  return {
    status,
    running: report.running,
    queued: report.queued,
    active: report.active,
    failed: report.failedLastDay,
  };
}

export function createSystemHealth(deps: SystemHealthDeps) {
  return {
    async check(): Promise<SystemHealth> {
      const [databaseReport, mailReport, filesReport, jobsReport] = await Promise.all([
        checkDatabase(deps),
        checkMail(deps),
        checkFiles(deps.blobStore),
        checkJobs(deps.jobsHealth),
      ]);
      return {
        database: databaseReport,
        mail: mailReport,
        files: filesReport,
        jobs: jobsReport,
        realtime: { status: 'ok', connections: deps.realtimeConnections() },
      };
    },
  };
}
