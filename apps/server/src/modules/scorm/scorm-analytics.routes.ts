import {
  scormInteractionReportListSchema,
  scormObjectiveReportListSchema,
  scormOwnAttemptListSchema,
} from '@portal/shared/scorm-analytics';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteApp } from '../../route-app.ts';
import { actorOf } from './scorm.routes.ts';
import type { CsvExport, ScormAnalyticsService } from './scorm-analytics.service.ts';

const packageParams = z.object({ packageId: z.uuid() });
const enrollmentParams = z.object({ enrollmentId: z.uuid() });
const staff = { role: 'instructor', feature: null } as const;
const player = { role: 'user', feature: null } as const;

const sendCsv = (reply: FastifyReply, { disposition, csv }: CsvExport) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', disposition)
    .header('cache-control', 'no-store')
    .send(csv);

function registerInteractionRoutes(app: RouteApp, analyticsService: ScormAnalyticsService) {
  app.get(
    '/api/scorm/packages/:packageId/analytics/interactions',
    {
      config: { access: staff },
      schema: {
        tags: ['scorm'],
        summary: 'Per interaction of each SCO: question, correct patterns, answer distribution, correct rate, latency',
        params: packageParams,
        response: { 200: scormInteractionReportListSchema },
      },
    },
    async (request) => analyticsService.interactionReport(await actorOf(request), request.params.packageId),
  );

  app.get(
    '/api/scorm/packages/:packageId/analytics/interactions.csv',
    {
      config: { access: staff },
      schema: {
        tags: ['scorm'],
        summary: 'The per-interaction analytics as a CSV file (UTF-8 with BOM)',
        params: packageParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      sendCsv(reply, await analyticsService.interactionCsv(await actorOf(request), request.params.packageId)),
  );
}

function registerObjectiveRoutes(app: RouteApp, analyticsService: ScormAnalyticsService) {
  app.get(
    '/api/scorm/packages/:packageId/analytics/objectives',
    {
      config: { access: staff },
      schema: {
        tags: ['scorm'],
        summary: 'Per objective of each SCO: learners, attempts, completion, success and mean score',
        params: packageParams,
        response: { 200: scormObjectiveReportListSchema },
      },
    },
    async (request) => analyticsService.objectiveReport(await actorOf(request), request.params.packageId),
  );

  app.get(
    '/api/scorm/packages/:packageId/analytics/objectives.csv',
    {
      config: { access: staff },
      schema: {
        tags: ['scorm'],
        summary: 'The per-objective analytics as a CSV file (UTF-8 with BOM)',
        params: packageParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      sendCsv(reply, await analyticsService.objectiveCsv(await actorOf(request), request.params.packageId)),
  );
}

function registerOwnAttemptsRoute(app: RouteApp, analyticsService: ScormAnalyticsService) {
  app.get(
    '/api/scorm/my-enrollments/:enrollmentId/attempts',
    {
      config: { access: player },
      schema: {
        tags: ['scorm'],
        summary: "Every attempt of one of the signed-in learner's enrolments, with its result and time",
        params: enrollmentParams,
        response: { 200: scormOwnAttemptListSchema },
      },
    },
    async (request) => analyticsService.ownAttempts(await actorOf(request), request.params.enrollmentId),
  );
}

/** Per-interaction and per-objective analytics of a package (as JSON and CSV), and a learner's own attempts. */
export const scormAnalyticsRoutes: FastifyPluginAsyncZod<{ analyticsService: ScormAnalyticsService }> = async (
  app,
  { analyticsService },
) => {
  registerInteractionRoutes(app, analyticsService);
  registerObjectiveRoutes(app, analyticsService);
  registerOwnAttemptsRoute(app, analyticsService);
};
