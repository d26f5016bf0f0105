import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type DomainEvent, type DomainEventInput, domainEventPayloads } from './domain-event.types.ts';
import type { DomainEventsRepository } from './domain-events.repository.ts';

export type DomainEventHandler = (event: DomainEvent) => Promise<void>;

export type DomainEvents = {
  /** Records the event inside the caller's transaction, so it exists exactly when the change it describes does. */
  record(executor: Db, event: DomainEventInput): Promise<void>;
  /**
   * Delivers what is pending now; call after the transaction commits (awaiting is optional). Looks only when this
   * process recorded an event since it last looked; the timer of `start` looks for everything else.
   */
  flush(): Promise<void>;
  /** Registers a handler; delivery is at least once, so handlers must be idempotent (the event id is stable). */
  subscribe(name: string, handler: DomainEventHandler): void;
  /** Resolves once every deliverable event has been handled (used by tests and shutdown). */
  drain(): Promise<void>;
  /** Starts the timer that retries failures and recovers events left by a crash. */
  start(): void;
  stop(): Promise<void>;
};

type Options = {
  repository: DomainEventsRepository;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  pollIntervalMs?: number;
  batchSize?: number;
  leaseSeconds?: number;
  maxAttempts?: number;
};

type Delivery = Pick<Options, 'repository' | 'logger'> & {
  handlers: Map<string, DomainEventHandler>;
  maxAttempts: number;
};

/** Hands `event` to every handler; marks it delivered, or failed (to retry later, or given up) if any handler threw. */
async function deliver({ handlers, repository, logger, maxAttempts }: Delivery, event: DomainEvent, attempt: number) {
  const failures: string[] = [];
  for (const [name, handler] of handlers) {
    try {
      await handler(event);
    } catch (error) {
      logger.warn({ err: error, eventId: event.id, type: event.type, handler: name }, 'domain event handler failed');
      failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failures.length === 0) {
    await repository.markDelivered(event.id);
    return;
  }
  await repository.markFailed(event.id, {
    error: failures.join('; '),
    retryInSeconds: Math.min(2 ** attempt, 300),
    maxAttempts,
  });
  if (attempt >= maxAttempts) logger.error({ eventId: event.id, type: event.type }, 'domain event given up');
}

/**
 * Claims and delivers (`runOnce` a batch at a time) until nothing is left; a call while it runs makes it look once
 * more. `running` is the run on its way, if any.
 */
function createDeliveryRuns(runOnce: () => Promise<number>, batchSize: number, logger: Options['logger']) {
  let running: Promise<void> | null = null;
  let again = false;
  return {
    get running() {
      return running;
    },
    deliverPending(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            while ((await runOnce()) === batchSize) {}
          } while (again);
        } catch (error) {
          logger.warn({ err: error }, 'domain event delivery interrupted');
        } finally {
          running = null;
        }
      })();
      return running;
    },
  };
}

/** Delivers pending events every `pollIntervalMs` from `start` until `stop`, which waits for the run on its way. */
function createPolling(runs: ReturnType<typeof createDeliveryRuns>, pollIntervalMs: number) {
  let timer: NodeJS.Timeout | null = null;
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void runs.deliverPending(), pollIntervalMs);
      timer.unref();
      void runs.deliverPending();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (runs.running) await runs.running;
    },
  };
}

export function createDomainEvents({
  repository,
  logger,
  pollIntervalMs = 5000,
  batchSize = 50,
  leaseSeconds = 60,
  maxAttempts = 10,
}: Options): DomainEvents {
  const handlers = new Map<string, DomainEventHandler>();
  /** Set by `record`: a commit after it may have left an event to deliver. */
  let recorded = false;
  const delivery = { handlers, repository, logger, maxAttempts };

  const runOnce = async (): Promise<number> => {
    recorded = false;
    const claimed = await repository.claim({ limit: batchSize, leaseSeconds });
    for (const { event, attempts } of claimed) await deliver(delivery, event, attempts);
    return claimed.length;
  };

  const runs = createDeliveryRuns(runOnce, batchSize, logger);
  const deliverPending = runs.deliverPending;
  const polling = createPolling(runs, pollIntervalMs);

  // Most writes record nothing (a page read, a minute watched): they need not ask the database for pending events.
  const flush = (): Promise<void> => (recorded || runs.running ? deliverPending() : Promise.resolve());

  return {
    async record(executor, event) {
      const schema = domainEventPayloads[event.type];
      schema.parse(event.payload);
      await repository.insert(executor, event);
      recorded = true;
    },
    flush,
    subscribe(name, handler) {
      if (handlers.has(name)) throw new Error(`A domain event handler named ${name} is already registered`);
      handlers.set(name, handler);
    },
    async drain() {
      for (;;) {
        await deliverPending();
        if ((await repository.countDeliverable()) === 0) return;
      }
    },
    start: polling.start,
    stop: polling.stop,
  };
}
