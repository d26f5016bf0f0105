import { adminCourseDetailSchema, adminModuleSchema } from '@portal/shared/admin-courses';
import {
  createModuleBodySchema,
  lessonOrderBodySchema,
  moduleOrderBodySchema,
  moveLessonBodySchema,
  updateModuleBodySchema,
} from '@portal/shared/course-authoring';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AuthoringRouteOptions,
  access,
  courseParams,
  lessonParams,
  moduleParams,
  noContent,
  tags,
} from './authoring.params.ts';
import { presentAdminCourseDetail, presentAdminModule } from './courses.presenter.ts';
import type { CoursesService } from './courses.service.ts';

/** Adding, editing and deleting modules. */
export const adminModuleRoutes: FastifyPluginAsyncZod<AuthoringRouteOptions> = async (
  app,
  { coursesService, audit },
) => {
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
      const module = await coursesService.deleteModule(request.params.moduleId);
      const oldValues = { title: module.title, course_id: module.courseId };
      const actorId = request.auth().user.id;
      await audit({ actorId, action: 'module.deleted', table: 'course_modules', recordId: module.id, oldValues });
      return reply.status(204).send(null);
    },
  );
};

/** The order of modules and lessons, and moving lessons between modules. */
export const adminOutlineRoutes: FastifyPluginAsyncZod<{ coursesService: CoursesService }> = async (
  app,
  { coursesService },
) => {
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
};
