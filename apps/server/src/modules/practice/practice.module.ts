import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createPracticeRepository } from './practice.repository.ts';
import { practiceRoutes } from './practice.routes.ts';
import { createPracticeService } from './practice.service.ts';

/** Practice questions drawn from the learner's courses. */
export async function registerPractice(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(practiceRoutes, {
    practiceService: createPracticeService({ practiceRepository: createPracticeRepository({ db }) }),
  });
}
