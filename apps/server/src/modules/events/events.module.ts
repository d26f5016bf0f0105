import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createDomainEventsRepository } from './domain-events.repository.ts';
import { createDomainEvents, type DomainEvents } from './domain-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    domainEvents: DomainEvents;
  }
}

/**
 * The outbox of domain events every other module publishes to and subscribes on. It starts delivering once the app
 * is ready, after every module has subscribed (the last hooks in `app.ts`).
 */
export function registerEvents(app: FastifyInstance, { db }: { db: Db }) {
  const domainEvents = createDomainEvents({ repository: createDomainEventsRepository({ db }), logger: app.log });
  app.decorate('domainEvents', domainEvents);
  return domainEvents;
}
