import { adminCourseDetailSchema, adminCourseListSchema, adminCourseSchema } from '@portal/shared/admin-courses';
import { createCourseBodySchema, updateCourseBodySchema } from '@portal/shared/course-authoring';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteApp } from '../../route-app.ts';
import { access, courseParams, tags, uploadOf, uploadQuery } from './authoring.params.ts';
import { presentAdminCourse, presentAdminCourseDetail } from './courses.presenter.ts';
import type { CoursesService } from './courses.service.ts';

function registerCourseListRoutes(app: RouteApp, coursesService: CoursesService) {
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
    async (request, reply) =>
      reply
        .status(201)
        .send(presentAdminCourse(await coursesService.createCourse(request.auth().user.id, request.body))),
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
export const adminCourseRoutes: FastifyPluginAsyncZod<{ coursesService: CoursesService }> = async (
  app,
  { coursesService },
) => {
  registerCourseListRoutes(app, coursesService);
  registerCourseDetailRoutes(app, coursesService);
};

function registerCourseFieldRoutes(app: RouteApp, coursesService: CoursesService) {
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
    async (request) => presentAdminCourse(await coursesService.updateCourse(request.params.courseId, request.body)),
  );
  for (const [action, status] of [
    ['publish', 'published'],
    ['unpublish', 'draft'],
    ['archive', 'archived'],
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
      async (request) => presentAdminCourse(await coursesService.setStatus(request.params.courseId, status)),
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
export const adminCourseSettingsRoutes: FastifyPluginAsyncZod<{ coursesService: CoursesService }> = async (
  app,
  { coursesService },
) => {
  registerCourseFieldRoutes(app, coursesService);
  registerCourseCoverRoutes(app, coursesService);
};
