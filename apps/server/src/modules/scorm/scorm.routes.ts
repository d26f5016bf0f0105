import type { Readable } from 'node:stream';
import {
  createScormEnrollmentsBodySchema,
  listScormPackagesQuerySchema,
  scormAnalyticsSchema,
  scormEnrollmentListSchema,
  scormLearnerListSchema,
  scormLearnerSearchQuerySchema,
  scormPackageDetailSchema,
  scormPackageListSchema,
  scormPackageSchema,
  updateScormPackageBodySchema,
  uploadScormPackageQuerySchema,
} from '@portal/shared/scorm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { RouteApp } from '../../route-app.ts';
import { changedValues } from '../audit/audit.service.ts';
import { presentDetail, presentEnrollment, presentPackage } from './scorm.presenter.ts';
import type { ScormActor, ScormService } from './scorm.service.ts';
import { type ScormAudit, uploadedValues } from './scorm-audit.ts';

const packageParams = z.object({ packageId: z.uuid() });
const packageEnrollmentParams = z.object({ packageId: z.uuid(), enrollmentId: z.uuid() });
const staff = { role: 'instructor', feature: null } as const;

/** ZIP uploads arrive as the raw body; these types pass straight through as a stream. */
const ZIP_CONTENT_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

export async function actorOf(request: FastifyRequest): Promise<ScormActor> {
  const { user } = request.auth();
  return { id: user.id, name: user.name, role: await request.role() };
}

type StudioDeps = { scormService: ScormService; maxPackageBytes: number; audit: ScormAudit };

/** Uploading a package and processing it into a ready one. */
function registerUploadRoutes(app: RouteApp, { scormService, maxPackageBytes, audit }: StudioDeps) {
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
      const actor = await actorOf(request);
      const created = await scormService.upload(actor, request.query, request.body as Readable);
      const pkg = await scormService.detail(actor, created.id);
      await audit({
        actorId: actor.id,
        action: 'scorm_package.uploaded',
        table: 'scorm_packages',
        recordId: created.id,
        newValues: uploadedValues(pkg.pkg, request.query.file_name),
      });
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
}

/** The packages an author manages, listed and one by one. */
function registerPackageReadRoutes(app: RouteApp, { scormService }: StudioDeps) {
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
}

/** Editing and deleting a package. */
function registerPackageChangeRoutes(app: RouteApp, { scormService, audit }: StudioDeps) {
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
      const actor = await actorOf(request);
      const before = presentPackage((await scormService.detail(actor, request.params.packageId)).pkg);
      const row = await scormService.update(actor, request.params.packageId, request.body);
      const detail = await scormService.detail(actor, row.id);
      const fields = ['title', 'description', 'is_public'];
      const values = changedValues(before, presentPackage(detail.pkg), fields);
      const change = { action: 'scorm_package.updated', table: 'scorm_packages', ...values } as const;
      if (values) await audit({ actorId: actor.id, recordId: row.id, ...change });
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
      const actor = await actorOf(request);
      const { packageId } = request.params;
      const { title } = (await scormService.detail(actor, packageId)).pkg;
      await scormService.remove(actor, packageId);
      const change = { action: 'scorm_package.deleted', table: 'scorm_packages', oldValues: { title } } as const;
      await audit({ actorId: actor.id, recordId: packageId, ...change });
      return reply.status(204).send();
    },
  );
}

/** People who can be enrolled, and who is enrolled in a package. */
function registerEnrollmentReadRoutes(app: RouteApp, { scormService }: StudioDeps) {
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
}

/** Enrolling learners in a package and removing an enrolment. */
function registerEnrollmentChangeRoutes(app: RouteApp, { scormService, audit }: StudioDeps) {
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
      const { packageId } = request.params;
      await scormService.enrol(actor, packageId, request.body);
      const newValues = { learner_ids: request.body.learner_ids, due_at: request.body.due_at ?? null };
      const table = 'scorm_enrollments';
      await audit({ actorId: actor.id, action: 'scorm_enrollment.created', table, recordId: packageId, newValues });
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
      const actor = await actorOf(request);
      const { packageId, enrollmentId } = request.params;
      await scormService.unenrol(actor, packageId, enrollmentId);
      const change = {
        action: 'scorm_enrollment.deleted',
        table: 'scorm_enrollments',
        newValues: { package_id: packageId },
      } as const;
      await audit({ actorId: actor.id, recordId: enrollmentId, ...change });
      return reply.status(204).send();
    },
  );
}

function registerPackageAnalyticsRoute(app: RouteApp, { scormService }: StudioDeps) {
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
}

export const scormRoutes: FastifyPluginAsyncZod<StudioDeps> = async (app, deps) => {
  app.addContentTypeParser(ZIP_CONTENT_TYPES, (_request, payload, done) => done(null, payload));
  registerUploadRoutes(app, deps);
  registerPackageReadRoutes(app, deps);
  registerPackageChangeRoutes(app, deps);
  registerEnrollmentReadRoutes(app, deps);
  registerEnrollmentChangeRoutes(app, deps);
  registerPackageAnalyticsRoute(app, deps);
};
