import type { Readable } from 'node:stream';
import {
  adminCourseDetailSchema,
  adminCourseListSchema,
  adminCourseSchema,
  adminLessonSchema,
  adminModuleSchema,
  courseUploadLimitsSchema,
  createCourseBodySchema,
  createLessonBodySchema,
  createModuleBodySchema,
  lessonOrderBodySchema,
  markdownPreviewBodySchema,
  markdownPreviewSchema,
  moduleOrderBodySchema,
  moveLessonBodySchema,
  slugSuggestionQuerySchema,
  slugSuggestionSchema,
  updateCourseBodySchema,
  updateLessonBodySchema,
  updateModuleBodySchema,
} from '@portal/shared/courses';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { courseCoverRoutes } from './course-cover.routes.ts';
import {
  presentAdminCourse,
  presentAdminCourseDetail,
  presentAdminLesson,
  presentAdminModule,
} from './courses.presenter.ts';
import type { CoursesRepository } from './courses.repository.ts';
import type { CoursesService, Upload } from './courses.service.ts';
import { renderLessonMarkdown } from './markdown.ts';

const courseParams = z.object({ courseId: z.uuid() });
const moduleParams = z.object({ moduleId: z.uuid() });
const lessonParams = z.object({ lessonId: z.uuid() });
const uploadQuery = z.object({ file_name: z.string().max(255).optional() });
const noContent = { 204: z.null() };
const access = { role: 'admin', feature: null } as const;

const uploadOf = (request: FastifyRequest, fileName: string | undefined): Upload => {
  if (!request.body || typeof (request.body as Readable).pipe !== 'function') {
    throw new AppError('bad_request', 'Send the file as the request body.');
  }
  return { stream: request.body as Readable, contentType: request.headers['content-type'], fileName };
};

/** Admin-only authoring of courses, modules and lessons. Instructors and learners get 403. */
const adminCourseRoutes: FastifyPluginAsyncZod<{ coursesService: CoursesService }> = async (
  app,
  { coursesService },
) => {
  // Uploads arrive as the raw file body; the service checks type, signature and size while streaming.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  const tags = ['courses (authoring)'];

  app.get(
    '/api/admin/courses',
    {
      config: { access },
      schema: { tags, summary: 'Every course, drafts and archived included', response: { 200: adminCourseListSchema } },
    },
    async () => ({ courses: (await coursesService.listCourses()).map(presentAdminCourse) }),
  );
  app.get(
    '/api/admin/courses/slug-suggestion',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A free course address suggested from a title, or whether an address is free',
        querystring: slugSuggestionQuerySchema,
        response: { 200: slugSuggestionSchema },
      },
    },
    async (request) => coursesService.suggestSlug(request.query),
  );
  app.get(
    '/api/admin/course-upload-limits',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Accepted file types and sizes for uploads',
        response: { 200: courseUploadLimitsSchema },
      },
    },
    async () => coursesService.limits,
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

  app.post(
    '/api/admin/courses/:courseId/modules',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add a module at the end',
        params: courseParams,
        body: createModuleBodySchema,
        response: { 201: adminModuleSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(presentAdminModule(await coursesService.createModule(request.params.courseId, request.body))),
  );
  app.put(
    '/api/admin/courses/:courseId/module-order',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Reorder the modules (the full order)',
        params: courseParams,
        body: moduleOrderBodySchema,
        response: { 200: adminCourseDetailSchema },
      },
    },
    async (request) =>
      presentAdminCourseDetail(await coursesService.setModuleOrder(request.params.courseId, request.body.module_ids)),
  );
  app.patch(
    '/api/admin/modules/:moduleId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Edit a module',
        params: moduleParams,
        body: updateModuleBodySchema,
        response: { 200: adminModuleSchema },
      },
    },
    async (request) => presentAdminModule(await coursesService.updateModule(request.params.moduleId, request.body)),
  );
  app.delete(
    '/api/admin/modules/:moduleId',
    {
      config: { access },
      schema: { tags, summary: 'Delete an empty module', params: moduleParams, response: noContent },
    },
    async (request, reply) => {
      await coursesService.deleteModule(request.params.moduleId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/modules/:moduleId/lessons',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add a lesson at the end of a module',
        params: moduleParams,
        body: createLessonBodySchema,
        response: { 201: adminLessonSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(presentAdminLesson(await coursesService.createLesson(request.params.moduleId, request.body))),
  );
  app.put(
    '/api/admin/courses/:courseId/lesson-order',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Reorder lessons and move them between modules (the full layout)',
        params: courseParams,
        body: lessonOrderBodySchema,
        response: { 200: adminCourseDetailSchema },
      },
    },
    async (request) =>
      presentAdminCourseDetail(await coursesService.setLessonLayout(request.params.courseId, request.body)),
  );
  app.post(
    '/api/admin/lessons/:lessonId/move',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Move one lesson to a position in a module of the same course',
        params: lessonParams,
        body: moveLessonBodySchema,
        response: { 200: adminCourseDetailSchema },
      },
    },
    async (request) => presentAdminCourseDetail(await coursesService.moveLesson(request.params.lessonId, request.body)),
  );
  app.patch(
    '/api/admin/lessons/:lessonId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Edit a lesson',
        params: lessonParams,
        body: updateLessonBodySchema,
        response: { 200: adminLessonSchema },
      },
    },
    async (request) => presentAdminLesson(await coursesService.updateLesson(request.params.lessonId, request.body)),
  );
  app.delete(
    '/api/admin/lessons/:lessonId',
    {
      config: { access },
      schema: { tags, summary: 'Delete a lesson and its files', params: lessonParams, response: noContent },
    },
    async (request, reply) => {
      await coursesService.deleteLesson(request.params.lessonId);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/api/admin/lessons/:lessonId/video',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Upload the video of a video lesson (raw body: MP4, WebM or Ogg)',
        params: lessonParams,
        querystring: uploadQuery,
        response: { 200: adminLessonSchema },
      },
    },
    async (request) =>
      presentAdminLesson(
        await coursesService.uploadVideo(request.params.lessonId, uploadOf(request, request.query.file_name)),
      ),
  );
  app.put(
    '/api/admin/lessons/:lessonId/pdf',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Upload the document of a PDF lesson (raw PDF body)',
        params: lessonParams,
        querystring: uploadQuery,
        response: { 200: adminLessonSchema },
      },
    },
    async (request) =>
      presentAdminLesson(
        await coursesService.uploadPdf(request.params.lessonId, uploadOf(request, request.query.file_name)),
      ),
  );
  app.post(
    '/api/admin/markdown-preview',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Render lesson Markdown as learners will see it',
        body: markdownPreviewBodySchema,
        response: { 200: markdownPreviewSchema },
      },
    },
    async (request) => ({ html: renderLessonMarkdown(request.body.markdown) }),
  );
};

export const coursesRoutes: FastifyPluginAsyncZod<{
  coursesService: CoursesService;
  coursesRepository: CoursesRepository;
  blobStore: BlobStore;
}> = async (app, { coursesService, coursesRepository, blobStore }) => {
  await app.register(adminCourseRoutes, { coursesService });
  await app.register(courseCoverRoutes, { coursesRepository, blobStore });
};
