import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../files/blob-store.ts';
import type { CoursesRepository } from './courses.repository.ts';
import { sendStoredFile } from './media.ts';

const courseParams = z.object({ courseId: z.uuid() });

/** A course's cover image, for learners browsing the catalogue (drafts only for admins). */
export const courseCoverRoutes: FastifyPluginAsyncZod<{
  coursesRepository: CoursesRepository;
  blobStore: BlobStore;
}> = async (app, { coursesRepository, blobStore }) => {
  app.get(
    '/api/courses/:courseId/cover',
    {
      config: { access: { role: 'user', feature: 'courses' } },
      schema: { tags: ['courses'], summary: 'The cover image of a course', params: courseParams },
    },
    async (request, reply) => {
      const course = await coursesRepository.findCourseById(request.params.courseId);
      const visible = course && (course.status !== 'draft' || (await request.role()) === 'admin');
      if (!course || !visible || !course.coverImageKey || !course.coverContentType) {
        throw new AppError('not_found', 'This course has no cover image.');
      }
      return sendStoredFile(reply, {
        blobStore,
        key: course.coverImageKey,
        contentType: course.coverContentType,
        rangeHeader: undefined,
      });
    },
  );
};
