import {
  type AdminCourse,
  adminCourseDetailSchema,
  adminCourseListSchema,
  adminCourseSchema,
} from '@portal/shared/admin-courses';
import { createCourseBodySchema, updateCourseBodySchema } from '@portal/shared/course-authoring';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteApp } from '../../route-app.ts';
import { changedValues } from '../audit/audit.service.ts';
import { type AuthoringRouteOptions, access, courseParams, tags, uploadOf, uploadQuery } from './authoring.params.ts';
import type { AuthoringAudit, AuthoringChange } from './course-audit.ts';
import { presentAdminCourse, presentAdminCourseDetail } from './courses.presenter.ts';
import type { CoursesService } from './courses.service.ts';

const AUDITED_FIELDS = ['title', 'slug', 'description', 'required_tier', 'status'] as const;

/** Records a change to a course by the admin who sent `request`: the audited fields it changed, before and after. */
async function courseChanged(
  audit: AuthoringAudit,
  request: FastifyRequest,
  action: AuthoringChange['action'],
  before: AdminCourse | null,
  after: AdminCourse,
) {
  const fields = (course: AdminCourse) => Object.fromEntries(AUDITED_FIELDS.map((field) => [field, course[field]]));
  const values = before ? changedValues(fields(before), fields(after)) : { newValues: fields(after) };
  if (!values) return;
  await audit({ actorId: request.auth().user.id, action, table: 'courses', recordId: after.id, ...values });
}

function registerCourseListRoutes(app: RouteApp, coursesService: CoursesService, audit: AuthoringAudit) {
  app.get(
    '/api/admin/courses',
    {
      config: { access },
      schema: { tags, summary: 'Every course, drafts and archived included', response: { 200: adminCourseListSchema } },
    },
    async () => ({ courses: (await coursesService.listCourses()).map(presentAdminCourse) }),
  );
  app.post(
    '/api/admin/courses',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create a draft course',
        body: createCourseBodySchema,
        response: { 201: adminCourseSchema },
      },
    },
    async (request, reply) => {
      const course = presentAdminCourse(await coursesService.createCourse(request.auth().user.id, request.body));
      await courseChanged(audit, request, 'course.created', null, course);
      return reply.status(201).send(course);
    },
  );
}

function registerCourseDetailRoutes(app: RouteApp, coursesService: CoursesService) {
  app.get(
    '/api/admin/courses/:courseId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A course with its modules and lessons',
        params: courseParams,
        response: { 200: adminCourseDetailSchema },
      },
    },
    async (request) => presentAdminCourseDetail(await coursesService.detail(request.params.courseId)),
  );
  app.get(
    '/api/admin/courses/by-slug/:slug',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A course with its modules and lessons, by address',
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: adminCourseDetailSchema },
      },
    },
    async (request) => presentAdminCourseDetail(await coursesService.detailBySlug(request.params.slug)),
  );
}

/** Listing, reading and creating courses. */
export const adminCourseRoutes: FastifyPluginAsyncZod<AuthoringRouteOptions> = async (
  app,
  { coursesService, audit },
) => {
  registerCourseListRoutes(app, coursesService, audit);
  registerCourseDetailRoutes(app, coursesService);
};

function registerCourseFieldRoutes(app: RouteApp, coursesService: CoursesService, audit: AuthoringAudit) {
  app.patch(
    '/api/admin/courses/:courseId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Edit a course',
        params: courseParams,
        body: updateCourseBodySchema,
        response: { 200: adminCourseSchema },
      },
    },
    async (request) => {
      const { courseId } = request.params;
      const before = presentAdminCourse(await coursesService.course(courseId));
      const course = presentAdminCourse(await coursesService.updateCourse(courseId, request.body));
      await courseChanged(audit, request, 'course.updated', before, course);
      return course;
    },
  );
  for (const [action, status, audited] of [
    ['publish', 'published', 'course.published'],
    ['unpublish', 'draft', 'course.unpublished'],
    ['archive', 'archived', 'course.archived'],
  ] as const) {
    app.post(
      `/api/admin/courses/:courseId/${action}`,
      {
        config: { access },
        schema: {
          tags,
          summary: `Set the course ${status}`,
          params: courseParams,
          response: { 200: adminCourseSchema },
        },
      },
      async (request) => {
        const before = presentAdminCourse(await coursesService.course(request.params.courseId));
        const course = presentAdminCourse(await coursesService.setStatus(request.params.courseId, status));
        await courseChanged(audit, request, audited, before, course);
        return course;
      },
    );
  }
}

function registerCourseCoverRoutes(app: RouteApp, coursesService: CoursesService) {
  app.put(
    '/api/admin/courses/:courseId/cover',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Upload the cover image (raw image body: PNG, JPEG, WebP or GIF)',
        params: courseParams,
        querystring: uploadQuery,
        response: { 200: adminCourseSchema },
      },
    },
    async (request) =>
      presentAdminCourse(
        await coursesService.uploadCover(request.params.courseId, uploadOf(request, request.query.file_name)),
      ),
  );
  app.delete(
    '/api/admin/courses/:courseId/cover',
    {
      config: { access },
      schema: { tags, summary: 'Remove the cover image', params: courseParams, response: { 200: adminCourseSchema } },
    },
    async (request) => presentAdminCourse(await coursesService.removeCover(request.params.courseId)),
  );
}

/** A course's fields, status and cover image. */
export const adminCourseSettingsRoutes: FastifyPluginAsyncZod<AuthoringRouteOptions> = async (
  app,
  { coursesService, audit },
) => {
  registerCourseFieldRoutes(app, coursesService, audit);
  registerCourseCoverRoutes(app, coursesService);
};
