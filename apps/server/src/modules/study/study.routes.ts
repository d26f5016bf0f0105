import {
  startStudySessionBodySchema,
  studyOverviewSchema,
  studySessionActionBodySchema,
  studySessionEnvelopeSchema,
  studySessionParamsSchema,
} from '@portal/shared/study';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StudyService } from './study.service.ts';

const access = { role: 'user', feature: 'study_sessions' } as const;
/** Study sessions come with the plans that include the `study_sessions` feature; others get 402 subscription_required. */
export const studyRoutes: FastifyPluginAsyncZod<{ studyService: StudyService }> = async (app, { studyService }) => {
  app.get(
    '/api/study/sessions',
    {
      config: { access },
      schema: {
        tags: ['study'],
        summary: "The learner's open study session, recent sessions and study time this week",
        response: { 200: studyOverviewSchema },
      },
    },
    async (request) => studyService.overview(request.auth().user.id),
  );

  app.post(
    '/api/study/sessions',
    {
      config: { access },
      schema: {
        tags: ['study'],
        summary: 'Start a study session; the server keeps its clock',
        body: startStudySessionBodySchema,
        response: { 201: studySessionEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return studyService.start(request.auth().user.id, request.body.mode);
    },
  );

  for (const action of ['pause', 'resume', 'stop'] as const) {
    app.post(
      `/api/study/sessions/:sessionId/${action}`,
      {
        config: { access },
        schema: {
          tags: ['study'],
          summary: `${action[0]?.toUpperCase()}${action.slice(1)} one of the learner's study sessions`,
          params: studySessionParamsSchema,
          body: studySessionActionBodySchema,
          response: { 200: studySessionEnvelopeSchema },
        },
      },
      async (request) => studyService[action](request.auth().user.id, request.params.sessionId),
    );
  }
};
