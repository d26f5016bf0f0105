import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { AuthoringAudit } from './course-audit.ts';
import type { CoursesService } from './courses.service.ts';
import type { Upload } from './lesson-uploads.ts';

/** Shared by the admin authoring routes: ids in paths, upload names, and who may call them. */
export const courseParams = z.object({ courseId: z.uuid() });
export const moduleParams = z.object({ moduleId: z.uuid() });
export const lessonParams = z.object({ lessonId: z.uuid() });
export const uploadQuery = z.object({ file_name: z.string().max(255).optional() });
export const noContent = { 204: z.null() };
export const access = { role: 'admin', feature: null } as const;
export const tags = ['courses (authoring)'];

/** What the authoring route groups are given: the service, and the audit trail for changes worth recording. */
export type AuthoringRouteOptions = { coursesService: CoursesService; audit: AuthoringAudit };

export const uploadOf = (request: FastifyRequest, fileName: string | undefined): Upload => {
  if (!request.body || typeof (request.body as Readable).pipe !== 'function') {
    throw new AppError('bad_request', 'Send the file as the request body.');
  }
  return { stream: request.body as Readable, contentType: request.headers['content-type'], fileName };
};
