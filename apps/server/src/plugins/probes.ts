import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { BlobStore } from '../modules/files/blob-store.ts';

/** A check that hangs is as bad as one that fails: a load balancer must hear back quickly. */
const CHECK_TIMEOUT_MS = 2_000;

const withinTimeout = <T>(work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)),
  ]);

const checkState = z.enum(['ok', 'down']);
const readySchema = z.object({
  status: z.enum(['ready', 'not_ready', 'shutting_down']),
  database: checkState,
  files: checkState,
});

/**
 * Probes for a load balancer or orchestrator: `/api/live` says the process answers at all (restart it if not);
 * `/api/ready` says this instance should get traffic: its database and file store answer and it is not shutting
 * down. From the moment shutdown starts, readiness answers 503 while requests in flight finish.
 */
export const probesPlugin = fp(
  async (app: FastifyInstance, { database, blobStore }: { database: Database; blobStore: BlobStore }) => {
    let shuttingDown = false;
    app.addHook('preClose', async () => {
      shuttingDown = true;
    });
    const access = { role: 'anonymous', feature: null } as const;

    app.get(
      '/api/live',
      {
        config: { access },
        schema: {
          tags: ['health'],
          summary: 'Liveness: the process answers (no dependency is checked)',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/api/ready',
      {
        config: { access },
        schema: {
          tags: ['health'],
          summary: 'Readiness: the database and the file store answer and the instance is not shutting down',
          response: { 200: readySchema, 503: readySchema },
        },
      },
      async (_request, reply) => {
        const outcome = (check: Promise<unknown>) =>
          withinTimeout(check).then(
            () => 'ok' as const,
            () => 'down' as const,
          );
        const [databaseState, filesState] = await Promise.all([
          outcome(database.db.execute('select 1')),
          // Reading the metadata of a key that need not exist reaches the store without writing to it.
          outcome(blobStore.stat('health/ready-probe')),
        ]);
        const ready = !shuttingDown && databaseState === 'ok' && filesState === 'ok';
        const status = shuttingDown ? 'shutting_down' : ready ? 'ready' : 'not_ready';
        reply.header('cache-control', 'no-store');
        return reply.status(ready ? 200 : 503).send({ status, database: databaseState, files: filesState });
      },
    );
  },
  { name: 'probes' },
);
