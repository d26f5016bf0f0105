import { catalogueQuerySchema, catalogueSchema, librarySchema } from '@portal/shared/course-catalogue';
import {
  courseLearningStateSchema,
  courseOutlineSchema,
  lessonViewSchema,
  moduleLearningStateViewSchema,
  progressReportBodySchema,
  progressReportResultSchema,
  quizSubmitBodySchema,
  quizSubmitResultSchema,
  resumeSchema,
} from '@portal/shared/progress';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { RouteApp } from '../../route-app.ts';
import { sendStoredFile } from '../courses/media.ts';
import type { BlobStore } from '../files/blob-store.ts';
import {
  findResume,
  presentCatalogueCourse,
  presentCourseLearningState,
  presentLessonProgress,
  presentLessonView,
  presentModuleLearningStateView,
  presentOutline,
  presentQuizAttempt,
} from './progress.presenter.ts';
import type { ProgressService, Viewer } from './progress.service.ts';

const courseParams = z.object({ courseId: z.uuid() });
const lessonParams = z.object({ lessonId: z.uuid() });
const access = { role: 'user', feature: 'courses' } as const;

const viewerOf = async (request: FastifyRequest): Promise<Viewer> => ({
  userId: request.auth().user.id,
  role: await request.role(),
  plan: request.checkedPlan(),
});

type ProgressRouteDeps = { progressService: ProgressService; blobStore: BlobStore };
const tags = ['courses (learner)'];

function registerCatalogueRoutes(app: RouteApp, { progressService }: ProgressRouteDeps) {
  app.get(
    '/api/courses',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Published courses with search and tier filters, each with access and progress',
        querystring: catalogueQuerySchema,
        response: { 200: catalogueSchema },
      },
    },
    async (request) => ({
      courses: (await progressService.catalogue(await viewerOf(request), request.query)).map(presentCatalogueCourse),
    }),
  );
  app.get(
    '/api/courses/library',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Courses the learner started: in progress and completed',
        response: { 200: librarySchema },
      },
    },
    async (request) => {
      const courses = (await progressService.library(await viewerOf(request))).map(presentCatalogueCourse);
      const completed = courses.filter((course) => course.progress.status === 'completed').length;
      return { courses, counts: { enrolled: courses.length, in_progress: courses.length - completed, completed } };
    },
  );
}

function registerOutlineRoutes(app: RouteApp, { progressService }: ProgressRouteDeps) {
  app.get(
    '/api/courses/:courseId/outline',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Modules and lessons with progress and locks',
        params: courseParams,
        response: { 200: courseOutlineSchema },
      },
    },
    async (request) =>
      presentOutline(await progressService.loadLearnerCourse(await viewerOf(request), request.params.courseId)),
  );
  app.get(
    '/api/courses/by-slug/:slug/outline',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Modules and lessons with progress and locks, by course address',
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: courseOutlineSchema },
      },
    },
    async (request) =>
      presentOutline(await progressService.loadLearnerCourseBySlug(await viewerOf(request), request.params.slug)),
  );
  app.get(
    '/api/courses/:courseId/resume',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Where the learner continues in a course',
        params: courseParams,
        response: { 200: resumeSchema },
      },
    },
    async (request) => ({
      resume: findResume(await progressService.loadLearnerCourse(await viewerOf(request), request.params.courseId)),
    }),
  );
}

function registerLessonRoutes(app: RouteApp, { progressService, blobStore }: ProgressRouteDeps) {
  app.get(
    '/api/lessons/:lessonId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Open a lesson: its content (quiz answers left out) and progress; starts the reading clock',
        params: lessonParams,
        response: { 200: lessonViewSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return presentLessonView(await progressService.openLesson(await viewerOf(request), request.params.lessonId));
    },
  );
  app.get(
    '/api/lessons/:lessonId/media',
    {
      config: { access },
      schema: { tags, summary: 'The video or PDF file of a lesson (HTTP Range supported)', params: lessonParams },
    },
    async (request, reply) => {
      const { lesson } = await progressService.checkLessonAccess(await viewerOf(request), request.params.lessonId);
      const content = lesson.content;
      const file =
        content.kind === 'pdf' || (content.kind === 'video' && content.source === 'upload') ? content.file : null;
      if (!file) throw new AppError('not_found', 'This lesson has no file.');
      return sendStoredFile(reply, {
        blobStore,
        key: file.key,
        contentType: file.content_type,
        rangeHeader: request.headers.range,
        fileName: file.file_name,
      });
    },
  );
}

function registerProgressReportRoutes(app: RouteApp, { progressService }: ProgressRouteDeps) {
  app.post(
    '/api/lessons/:lessonId/progress',
    {
      config: { access, keepsSession: true },
      schema: {
        tags,
        summary: 'Report reading, watching or paging; the server decides completion',
        params: lessonParams,
        body: progressReportBodySchema,
        response: { 200: progressReportResultSchema },
      },
    },
    async (request) => {
      const result = await progressService.report(await viewerOf(request), request.params.lessonId, request.body);
      return {
        progress: presentLessonProgress(result.lesson, result.progress),
        course_progress: result.summary,
        changes: result.changes,
        credited_seconds: result.credited,
        capped: result.capped,
      };
    },
  );
  app.post(
    '/api/lessons/:lessonId/quiz-attempts',
    {
      config: { access, keepsSession: true },
      schema: {
        tags,
        summary: 'Submit quiz answers; graded on the server',
        params: lessonParams,
        body: quizSubmitBodySchema,
        response: { 200: quizSubmitResultSchema },
      },
    },
    async (request) => {
      const { lessonId } = request.params;
      const result = await progressService.submitQuiz(await viewerOf(request), lessonId, request.body);
      return {
        result: presentQuizAttempt(result.attempt),
        progress: presentLessonProgress(result.lesson, result.progress),
        course_progress: result.summary,
        changes: result.changes,
      };
    },
  );
}

function registerLearningStateRoutes(app: RouteApp, { progressService }: ProgressRouteDeps) {
  app.get(
    '/api/learning-state/courses/:courseId',
    {
      config: { access },
      schema: {
        tags,
        summary: "The learner's state per module of a course",
        params: courseParams,
        response: { 200: courseLearningStateSchema },
      },
    },
    async (request) =>
      presentCourseLearningState(
        await progressService.loadLearnerCourse(await viewerOf(request), request.params.courseId),
      ),
  );
  app.get(
    '/api/learning-state/modules/:moduleId',
    {
      config: { access },
      schema: {
        tags,
        summary: "The learner's state in one module",
        params: z.object({ moduleId: z.uuid() }),
        response: { 200: moduleLearningStateViewSchema },
      },
    },
    async (request) => {
      const { course, moduleId } = await progressService.loadLearnerModule(
        await viewerOf(request),
        request.params.moduleId,
      );
      return presentModuleLearningStateView(course, moduleId);
    },
  );
}

/** The learner's side of courses: catalogue, library, outline, lessons, progress and learning state. */
export const progressRoutes: FastifyPluginAsyncZod<{ progressService: ProgressService; blobStore: BlobStore }> = async (
  app,
  deps,
) => {
  registerCatalogueRoutes(app, deps);
  registerOutlineRoutes(app, deps);
  registerLessonRoutes(app, deps);
  registerProgressReportRoutes(app, deps);
  registerLearningStateRoutes(app, deps);
};
