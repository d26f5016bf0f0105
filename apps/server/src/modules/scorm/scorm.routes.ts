import type { Readable } from 'node:stream';
import {
  createScormEnrollmentsBodySchema,
  listScormPackagesQuerySchema,
  myScormEnrollmentListSchema,
  scormAnalyticsSchema,
  scormAttemptStartSchema,
  scormCommitBodySchema,
  scormCommitResultSchema,
  scormEnrollmentListSchema,
  scormLearnerListSchema,
  scormLearnerSearchQuerySchema,
  scormPackageDetailSchema,
  scormPackageListSchema,
  scormPackageSchema,
  scormPlayerSessionSchema,
  updateScormPackageBodySchema,
  uploadScormPackageQuerySchema,
} from '@portal/shared/scorm';
import {
  SCORM_SEQUENCING_STATE_MAX_CHARS,
  scormSequencingStateBodySchema,
  scormSequencingStateSchema,
} from '@portal/shared/scorm-sequencing';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { jsonBodyRefusal } from '../../json-limits.ts';
import {
  presentDetail,
  presentEnrollment,
  presentMyEnrollment,
  presentPackage,
  presentSession,
} from './scorm.presenter.ts';
import type { ScormActor, ScormService } from './scorm.service.ts';
import type { CommitChannel } from './scorm-commit-channel.ts';

const packageParams = z.object({ packageId: z.uuid() });
const enrollmentParams = z.object({ enrollmentId: z.uuid() });
const packageEnrollmentParams = z.object({ packageId: z.uuid(), enrollmentId: z.uuid() });
const previewScoParams = z.object({ packageId: z.uuid(), scoId: z.uuid() });
const launchScoParams = z.object({ enrollmentId: z.uuid(), scoId: z.uuid() });
const attemptParams = z.object({ attemptId: z.uuid() });
const staff = { role: 'instructor', feature: null } as const;
const player = { role: 'user', feature: null } as const;

/** ZIP uploads arrive as the raw body; these types pass straight through as a stream. */
const ZIP_CONTENT_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

async function actorOf(request: FastifyRequest): Promise<ScormActor> {
  const { user } = request.auth();
  return { id: user.id, name: user.name, role: await request.role() };
}

export const scormRoutes: FastifyPluginAsyncZod<{
  scormService: ScormService;
  commitChannel: CommitChannel;
  maxPackageBytes: number;
}> = async (app, { scormService, commitChannel, maxPackageBytes }) => {
  app.addContentTypeParser(ZIP_CONTENT_TYPES, (_request, payload, done) => done(null, payload));
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

  app.post(
    '/api/scorm/packages',
    {
      config: { access: staff },
      bodyLimit: maxPackageBytes + 1,
      schema: {
        tags: ['scorm'],
        summary: 'Upload a SCORM package: the ZIP is the raw body (application/zip), details in the query',
        querystring: uploadScormPackageQuerySchema,
        response: { 201: z.object({ package: scormPackageSchema }) },
      },
    },
    async (request, reply) => {
      if (!request.body || typeof (request.body as Readable).pipe !== 'function') {
        throw new AppError('unsupported_media_type', 'Send the package as the raw request body (application/zip).');
      }
      const created = await scormService.upload(await actorOf(request), request.query, request.body as Readable);
      const pkg = await scormService.detail(await actorOf(request), created.id);
      return reply.status(201).send({ package: presentPackage(pkg.pkg) });
    },
  );

  app.post(
    '/api/scorm/packages/:packageId/process',
    {
      config: { access: staff },
      schema: {
        tags: ['scorm'],
        summary: 'Extract and parse an uploaded package; it ends ready, or failed with a reason',
        params: packageParams,
        response: { 200: z.object({ package: scormPackageSchema }) },
      },
    },
    async (request) => {
      const pkg = await scormService.process(await actorOf(request), request.params.packageId);
      const detail = await scormService.detail(await actorOf(request), pkg.id);
      return { package: presentPackage(detail.pkg) };
    },
  );

  app.get(
    '/api/scorm/packages',
    {
      config: { access: staff },
      schema: {
        tags: ['scorm'],
        summary: 'Packages in the studio: all for admins, their own for instructors',
        querystring: listScormPackagesQuerySchema,
        response: { 200: scormPackageListSchema },
      },
    },
    async (request) => ({
      packages: (await scormService.list(await actorOf(request), request.query)).map(presentPackage),
    }),
  );

  app.get(
    '/api/scorm/packages/:packageId',
    {
      config: { access: staff },
      schema: {
        tags: ['scorm'],
        summary: 'A package with its organizations and SCOs',
        params: packageParams,
        response: { 200: scormPackageDetailSchema },
      },
    },
    async (request) => presentDetail(await scormService.detail(await actorOf(request), request.params.packageId)),
  );

  app.patch(
    '/api/scorm/packages/:packageId',
    {
      config: { access: staff },
      schema: {
        tags: ['scorm'],
        summary: 'Change the title, description or visibility of a package',
        params: packageParams,
        body: updateScormPackageBodySchema,
        response: { 200: z.object({ package: scormPackageSchema }) },
      },
    },
    async (request) => {
      const row = await scormService.update(await actorOf(request), request.params.packageId, request.body);
      const detail = await scormService.detail(await actorOf(request), row.id);
      return { package: presentPackage(detail.pkg) };
    },
  );

  app.delete(
    '/api/scorm/packages/:packageId',
    {
      config: { access: staff },
      schema: { tags: ['scorm'], summary: 'Delete a package, its learner data and its files', params: packageParams },
    },
    async (request, reply) => {
      await scormService.remove(await actorOf(request), request.params.packageId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/scorm/learners',
    {
      config: { access: staff },
      schema: {
        tags: ['scorm'],
        summary: 'People who can be enrolled, by name or email',
        querystring: scormLearnerSearchQuerySchema,
        response: { 200: scormLearnerListSchema },
      },
    },
    async (request) => ({
      learners: await scormService.searchLearners(request.query.search),
    }),
  );

  app.get(
    '/api/scorm/packages/:packageId/enrollments',
    {
      config: { access: staff },
      schema: {
        tags: ['scorm'],
        summary: 'Learners enrolled in a package and how far they are',
        params: packageParams,
        response: { 200: scormEnrollmentListSchema },
      },
    },
    async (request) => ({
      enrollments: (await scormService.listEnrollments(await actorOf(request), request.params.packageId)).map(
        presentEnrollment,
      ),
    }),
  );

  app.post(
    '/api/scorm/packages/:packageId/enrollments',
    {
      config: { access: staff },
      schema: {
        tags: ['scorm'],
        summary: 'Enrol learners, with an optional due date',
        params: packageParams,
        body: createScormEnrollmentsBodySchema,
        response: { 200: scormEnrollmentListSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      await scormService.enrol(actor, request.params.packageId, request.body);
      return {
        enrollments: (await scormService.listEnrollments(actor, request.params.packageId)).map(presentEnrollment),
      };
    },
  );

  app.delete(
    '/api/scorm/packages/:packageId/enrollments/:enrollmentId',
    {
      config: { access: staff },
      schema: { tags: ['scorm'], summary: 'Remove an enrolment and its data', params: packageEnrollmentParams },
    },
    async (request, reply) => {
      await scormService.unenrol(await actorOf(request), request.params.packageId, request.params.enrollmentId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/scorm/packages/:packageId/analytics',
    {
      config: { access: staff },
      schema: {
        tags: ['scorm'],
        summary: 'Enrolled, attempted, completed, passed, scores, time and per-interaction results',
        params: packageParams,
        response: { 200: scormAnalyticsSchema },
      },
    },
    async (request) => scormService.analytics(await actorOf(request), request.params.packageId),
  );

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

  app.post(
    '/api/scorm/attempts/:attemptId/commit',
    {
      config: { access: player },
      schema: {
        tags: ['scorm'],
        summary:
          'Store the runtime data of an attempt; refused values get their SCORM error code (422), a commit numbered ' +
          'no higher than the last stored one changes nothing (409, stale; a retry of the stored one answers 200)',
        params: attemptParams,
        body: scormCommitBodySchema,
        response: { 200: scormCommitResultSchema, 409: scormCommitResultSchema, 422: scormCommitResultSchema },
      },
    },
    async (request, reply) => {
      const result = await scormService.commit(await actorOf(request), request.params.attemptId, request.body);
      return reply.status(result.result ? 200 : result.stale ? 409 : 422).send(result);
    },
  );

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
};
