import {
  courseUploadLimitsSchema,
  markdownPreviewBodySchema,
  markdownPreviewSchema,
  slugSuggestionQuerySchema,
  slugSuggestionSchema,
} from '@portal/shared/course-authoring';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BlobStore } from '../files/blob-store.ts';
import { adminCourseRoutes, adminCourseSettingsRoutes } from './admin-courses.routes.ts';
import { adminLessonFileRoutes, adminLessonRoutes } from './admin-lessons.routes.ts';
import { adminModuleRoutes, adminOutlineRoutes } from './admin-modules.routes.ts';
import { type AuthoringRouteOptions, access, tags } from './authoring.params.ts';
import type { AuthoringAudit } from './course-audit.ts';
import { courseCoverRoutes } from './course-cover.routes.ts';
import type { CoursesRepository } from './courses.repository.ts';
import type { CoursesService } from './courses.service.ts';
import { renderLessonMarkdown } from './markdown.ts';

/** Helpers for the course editor: free addresses, upload limits, Markdown previews. */
const authoringAidRoutes: FastifyPluginAsyncZod<{ coursesService: CoursesService }> = async (
  app,
  { coursesService },
) => {
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

/** Admin-only authoring of courses, modules and lessons. Instructors and learners get 403. */
const adminAuthoringRoutes: FastifyPluginAsyncZod<AuthoringRouteOptions> = async (app, options) => {
  // Uploads arrive as the raw file body; the service checks type, signature and size while streaming.
  // Registered here, the parsers reach every authoring route below and no route outside them.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  await app.register(adminCourseRoutes, options);
  await app.register(authoringAidRoutes, options);
  await app.register(adminCourseSettingsRoutes, options);
  await app.register(adminModuleRoutes, options);
  await app.register(adminOutlineRoutes, options);
  await app.register(adminLessonRoutes, options);
  await app.register(adminLessonFileRoutes, options);
};

export const coursesRoutes: FastifyPluginAsyncZod<{
  coursesService: CoursesService;
  coursesRepository: CoursesRepository;
  blobStore: BlobStore;
  audit: AuthoringAudit;
}> = async (app, { coursesService, coursesRepository, blobStore, audit }) => {
  await app.register(adminAuthoringRoutes, { coursesService, audit });
  await app.register(courseCoverRoutes, { coursesRepository, blobStore });
};
