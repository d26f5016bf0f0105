import {
  checklistItemStateBodySchema,
  createGoalBodySchema,
  goalEnvelopeSchema,
  goalItemParamsSchema,
  goalListSchema,
  goalOptionsSchema,
  goalParamsSchema,
  updateGoalBodySchema,
} from '@portal/shared/goals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteApp } from '../../route-app.ts';
import type { GoalsService } from './goals.service.ts';

const access = { role: 'user', feature: 'goals' } as const;
function registerGoalListRoutes(app: RouteApp, goalsService: GoalsService) {
  app.get(
    '/api/goals',
    {
      config: { access },
      schema: {
        tags: ['goals'],
        summary: 'Every goal of the learner with progress computed from their activity, and the goal stats',
        response: { 200: goalListSchema },
      },
    },
    async (request) => goalsService.list(request.auth().user.id),
  );

  app.get(
    '/api/goals/options',
    {
      config: { access },
      schema: {
        tags: ['goals'],
        summary: 'Courses a goal can be about, and today in the learner’s time zone',
        response: { 200: goalOptionsSchema },
      },
    },
    async (request) => goalsService.options(request.auth().user.id),
  );

  app.post(
    '/api/goals',
    {
      config: { access },
      schema: {
        tags: ['goals'],
        summary: 'Create a goal: finish a course by a date, study minutes per week, or a checklist',
        body: createGoalBodySchema,
        response: { 201: goalEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const goal = await goalsService.create(request.auth().user.id, request.body);
      return reply.status(201).send({ goal });
    },
  );
}

function registerOneGoalRoutes(app: RouteApp, goalsService: GoalsService) {
  app.get(
    '/api/goals/:goalId',
    {
      config: { access },
      schema: {
        tags: ['goals'],
        summary: 'One of the learner’s goals',
        params: goalParamsSchema,
        response: { 200: goalEnvelopeSchema },
      },
    },
    async (request) => ({ goal: await goalsService.get(request.auth().user.id, request.params.goalId) }),
  );

  app.patch(
    '/api/goals/:goalId',
    {
      config: { access },
      schema: {
        tags: ['goals'],
        summary: 'Edit a goal; only the fields of its kind can change',
        params: goalParamsSchema,
        body: updateGoalBodySchema,
        response: { 200: goalEnvelopeSchema },
      },
    },
    async (request) => ({
      goal: await goalsService.update(request.auth().user.id, request.params.goalId, request.body),
    }),
  );
}

function registerGoalStateRoutes(app: RouteApp, goalsService: GoalsService) {
  for (const action of ['pause', 'resume', 'complete'] as const) {
    app.post(
      `/api/goals/:goalId/${action}`,
      {
        config: { access },
        schema: {
          tags: ['goals'],
          summary: `${action[0]?.toUpperCase()}${action.slice(1)} a goal`,
          params: goalParamsSchema,
          response: { 200: goalEnvelopeSchema },
        },
      },
      async (request) => ({
        goal: await goalsService.changeStatus(request.auth().user.id, request.params.goalId, action),
      }),
    );
  }

  app.put(
    '/api/goals/:goalId/items/:itemId',
    {
      config: { access },
      schema: {
        tags: ['goals'],
        summary: 'Tick or untick an item of a checklist goal',
        params: goalItemParamsSchema,
        body: checklistItemStateBodySchema,
        response: { 200: goalEnvelopeSchema },
      },
    },
    async (request) => ({
      goal: await goalsService.setItemDone(
        request.auth().user.id,
        request.params.goalId,
        request.params.itemId,
        request.body.done,
      ),
    }),
  );
}

function registerGoalRemovalRoutes(app: RouteApp, goalsService: GoalsService) {
  app.delete(
    '/api/goals/:goalId',
    {
      config: { access },
      schema: {
        tags: ['goals'],
        summary: 'Delete one of the learner’s goals',
        params: goalParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await goalsService.remove(request.auth().user.id, request.params.goalId);
      return reply.status(204).send(null);
    },
  );
}

export const goalsRoutes: FastifyPluginAsyncZod<{ goalsService: GoalsService }> = async (app, { goalsService }) => {
  registerGoalListRoutes(app, goalsService);
  registerOneGoalRoutes(app, goalsService);
  registerGoalStateRoutes(app, goalsService);
  registerGoalRemovalRoutes(app, goalsService);
};
