import {
  myScormEnrollmentListSchema,
  scormAttemptStartSchema,
  scormCommitBodySchema,
  scormCommitResultSchema,
  scormPlayerSessionSchema,
} from '@portal/shared/scorm';
import {
  SCORM_SEQUENCING_STATE_MAX_CHARS,
  scormSequencingStateBodySchema,
  scormSequencingStateSchema,
} from '@portal/shared/scorm-sequencing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { jsonBodyRefusal } from '../../json-limits.ts';
import type { RouteApp } from '../../route-app.ts';
import { presentMyEnrollment, presentSession } from './scorm.presenter.ts';
import { actorOf } from './scorm.routes.ts';
import type { ScormService } from './scorm.service.ts';
import type { CommitChannel } from './scorm-commit-channel.ts';
import { commitStatus } from './scorm-commit-order.ts';

const packageParams = z.object({ packageId: z.uuid() });
const enrollmentParams = z.object({ enrollmentId: z.uuid() });
const previewScoParams = z.object({ packageId: z.uuid(), scoId: z.uuid() });
const launchScoParams = z.object({ enrollmentId: z.uuid(), scoId: z.uuid() });
const attemptParams = z.object({ attemptId: z.uuid() });
const player = { role: 'user', feature: null } as const;

type PlayerDeps = { scormService: ScormService; commitChannel: CommitChannel };

/** Previewing a package: its sessions and SCO attempts record nothing. */
function registerPreviewRoutes(app: RouteApp, { scormService }: PlayerDeps) {
  app.get(
    '/api/scorm/preview/:packageId',
    {
      config: { access: player },
      schema: {
        tags: ['scorm'],
        summary: 'Open a package in preview: its managers, or anyone for a public package; nothing is recorded',
        params: packageParams,
        response: { 200: scormPlayerSessionSchema },
      },
    },
    async (request) =>
      presentSession(await scormService.previewSession(await actorOf(request), request.params.packageId)),
  );

  app.post(
    '/api/scorm/preview/:packageId/scos/:scoId/attempt',
    {
      config: { access: player },
      schema: {
        tags: ['scorm'],
        summary: 'The runtime data a preview of one SCO starts from',
        params: previewScoParams,
        response: { 200: scormAttemptStartSchema },
      },
    },
    async (request) =>
      scormService.previewAttempt(await actorOf(request), request.params.packageId, request.params.scoId),
  );
}

function registerSelfEnrollmentRoute(app: RouteApp, { scormService }: PlayerDeps) {
  app.post(
    '/api/scorm/packages/:packageId/self-enrollment',
    {
      config: { access: player },
      schema: {
        tags: ['scorm'],
        summary: 'Enrol yourself in a public package, to launch it with your progress recorded',
        params: packageParams,
        response: { 200: z.object({ enrollment_id: z.string() }) },
      },
    },
    async (request) => ({
      enrollment_id: (await scormService.selfEnrol(await actorOf(request), request.params.packageId)).id,
    }),
  );
}

/** A learner launching their enrolment and starting or resuming an attempt on a SCO. */
function registerLaunchRoutes(app: RouteApp, { scormService, commitChannel }: PlayerDeps) {
  app.get(
    '/api/scorm/launch/:enrollmentId',
    {
      config: { access: player },
      schema: {
        tags: ['scorm'],
        summary: "Open one of the signed-in learner's enrolments in the player",
        params: enrollmentParams,
        response: { 200: scormPlayerSessionSchema },
      },
    },
    async (request) =>
      presentSession(await scormService.launchSession(await actorOf(request), request.params.enrollmentId)),
  );

  app.post(
    '/api/scorm/launch/:enrollmentId/scos/:scoId/attempt',
    {
      config: { access: player },
      schema: {
        tags: ['scorm'],
        summary: 'Resume the open attempt on a SCO, or start a new one when the last ended',
        params: launchScoParams,
        response: { 200: scormAttemptStartSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const attempt = await scormService.startAttempt(actor, request.params.enrollmentId, request.params.scoId);
      return { ...attempt, commit_url: commitChannel.urlFor(actor, attempt.attempt_id) };
    },
  );
}

function registerSequencingStateRoutes(app: RouteApp, { scormService }: PlayerDeps) {
  app.get(
    '/api/scorm/launch/:enrollmentId/sequencing-state',
    {
      config: { access: player },
      schema: {
        tags: ['scorm'],
        summary: "The SCORM 2004 sequencing state (activity tree and global objectives) of the learner's own enrolment",
        params: enrollmentParams,
        response: { 200: scormSequencingStateSchema },
      },
    },
    async (request) => scormService.sequencingState(await actorOf(request), request.params.enrollmentId),
  );

  app.put(
    '/api/scorm/launch/:enrollmentId/sequencing-state',
    {
      config: { access: player },
      // The state is JSON inside a JSON string: escaping can double it.
      bodyLimit: SCORM_SEQUENCING_STATE_MAX_CHARS * 2 + 1024,
      schema: {
        tags: ['scorm'],
        summary: "Keep the SCORM 2004 sequencing state of the learner's own enrolment, read before the next SCO",
        params: enrollmentParams,
        body: scormSequencingStateBodySchema,
        response: { 200: scormSequencingStateSchema },
      },
    },
    async (request) =>
      scormService.saveSequencingState(await actorOf(request), request.params.enrollmentId, request.body),
  );
}

function registerCommitRoute(app: RouteApp, { scormService }: PlayerDeps) {
  app.post(
    '/api/scorm/attempts/:attemptId/commit',
    {
      config: { access: player, keepsSession: true },
      schema: {
        tags: ['scorm'],
        summary:
          'Store the runtime data of an attempt; refused values get their SCORM error code (422), a commit numbered ' +
          'no higher than the last stored one changes nothing (409, stale; a retry of the stored one answers 200), ' +
          'and so does a commit of a launch a later launch of the attempt took over (409, taken_over)',
        params: attemptParams,
        body: scormCommitBodySchema,
        response: { 200: scormCommitResultSchema, 409: scormCommitResultSchema, 422: scormCommitResultSchema },
      },
    },
    async (request, reply) => {
      const result = await scormService.commit(await actorOf(request), request.params.attemptId, request.body);
      return reply.status(commitStatus(result)).send(result);
    },
  );
}

function registerMyEnrollmentsRoute(app: RouteApp, { scormService }: PlayerDeps) {
  app.get(
    '/api/scorm/my-enrollments',
    {
      config: { access: player },
      schema: {
        tags: ['scorm'],
        summary: "The signed-in learner's SCORM enrolments, with where to launch",
        response: { 200: myScormEnrollmentListSchema },
      },
    },
    async (request) => ({
      enrollments: (await scormService.myEnrollments(await actorOf(request))).map(presentMyEnrollment),
    }),
  );
}

/** The learner's player: sessions, attempts, commits, sequencing state and their own enrolments. */
export const scormPlayerRoutes: FastifyPluginAsyncZod<PlayerDeps> = async (app, deps) => {
  // sendBeacon on page hide can only send text/plain without a preflight; the body is the same JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    const refusal = jsonBodyRefusal(body as string);
    if (refusal) return done(refusal);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('bad_request', 'The request body is not valid JSON.'), undefined);
    }
  });
  registerPreviewRoutes(app, deps);
  registerSelfEnrollmentRoute(app, deps);
  registerLaunchRoutes(app, deps);
  registerSequencingStateRoutes(app, deps);
  registerCommitRoute(app, deps);
  registerMyEnrollmentsRoute(app, deps);
};
