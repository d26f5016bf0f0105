import { adminLessonSchema } from '@portal/shared/admin-courses';
import { createLessonBodySchema, updateLessonBodySchema } from '@portal/shared/course-authoring';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AuthoringRouteOptions,
  access,
  lessonParams,
  moduleParams,
  noContent,
  tags,
  uploadOf,
  uploadQuery,
} from './authoring.params.ts';
import { presentAdminLesson } from './courses.presenter.ts';
import type { CoursesService } from './courses.service.ts';

/** Adding, editing and deleting lessons. */
export const adminLessonRoutes: FastifyPluginAsyncZod<AuthoringRouteOptions> = async (
  app,
  { coursesService, audit },
) => {
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
      const lesson = await coursesService.deleteLesson(request.params.lessonId);
      const oldValues = { title: lesson.title, course_id: lesson.courseId };
      const actorId = request.auth().user.id;
      await audit({ actorId, action: 'lesson.deleted', table: 'lessons', recordId: lesson.id, oldValues });
      return reply.status(204).send(null);
    },
  );
};

/** The video or PDF file of a lesson. */
export const adminLessonFileRoutes: FastifyPluginAsyncZod<{ coursesService: CoursesService }> = async (
  app,
  { coursesService },
) => {
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
};
