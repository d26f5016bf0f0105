import {
  practiceCheckBodySchema,
  practiceCheckResultSchema,
  practiceQuestionsQuerySchema,
  practiceQuestionsSchema,
} from '@portal/shared/practice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PracticeService } from './practice.service.ts';

export const practiceRoutes: FastifyPluginAsyncZod<{ practiceService: PracticeService }> = async (
  app,
  { practiceService },
) => {
  app.get(
    '/api/practice/questions',
    {
      config: { access: { role: 'user', feature: 'study_sessions' } },
      schema: {
        tags: ['practice'],
        summary: 'Quiz questions (without answers) from lessons the learner completed',
        querystring: practiceQuestionsQuerySchema,
        response: { 200: practiceQuestionsSchema },
      },
    },
    async (request) => ({ questions: await practiceService.questions(request.auth().user.id, request.query.limit) }),
  );
  app.post(
    '/api/practice/check',
    {
      config: { access: { role: 'user', feature: 'study_sessions' } },
      schema: {
        tags: ['practice'],
        summary: 'Check a practice answer; changes no progress',
        body: practiceCheckBodySchema,
        response: { 200: practiceCheckResultSchema },
      },
    },
    async (request) => practiceService.check(request.auth().user.id, request.body),
  );
};
