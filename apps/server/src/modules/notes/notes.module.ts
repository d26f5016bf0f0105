import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { ProgressService } from '../progress/progress.service.ts';
import { createNotesRepository } from './notes.repository.ts';
import { notesRoutes } from './notes.routes.ts';
import { createNotesService } from './notes.service.ts';

/** The learner's notes on lessons; a note on a course above the learner's plan is refused. */
export async function registerNotes(
  app: FastifyInstance,
  {
    db,
    domainEvents,
    publicUrl,
    progressService,
  }: {
    db: Db;
    domainEvents: DomainEvents;
    publicUrl: string;
    progressService: Pick<ProgressService, 'assertCourseInPlan'>;
  },
) {
  await app.register(notesRoutes, {
    notesService: createNotesService({
      notesRepository: createNotesRepository({ db }),
      domainEvents,
      publicUrl,
      assertCourseInPlan: (viewer, courseId) => progressService.assertCourseInPlan(viewer, courseId),
    }),
  });
}
