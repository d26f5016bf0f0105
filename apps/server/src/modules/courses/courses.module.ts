import type { ScormPackageStatus } from '@portal/shared/scorm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { createCourseCatalogService } from './course-catalog.service.ts';
import { DEFAULT_COURSE_UPLOAD_LIMITS } from './course-upload-limits.ts';
import { createCoursesRepository } from './courses.repository.ts';
import { coursesRoutes } from './courses.routes.ts';
import { createCoursesService } from './courses.service.ts';

/** Course authoring: courses, modules, lessons and their uploads. Progress, listed next, reads the same courses. */
export async function registerCourses(
  app: FastifyInstance,
  {
    db,
    blobStore,
    scormPackageStatus,
  }: {
    db: Db;
    blobStore: BlobStore;
    /** A SCORM lesson may be saved only once its package is ready; the SCORM module is listed later, asked lazily. */
    scormPackageStatus: (packageId: string) => Promise<ScormPackageStatus | null>;
  },
) {
  const coursesRepository = createCoursesRepository({ db });
  const coursesService = createCoursesService({
    coursesRepository,
    blobStore,
    limits: DEFAULT_COURSE_UPLOAD_LIMITS,
    scormPackageStatus,
  });
  await app.register(coursesRoutes, { coursesService, coursesRepository, blobStore });
  return { coursesService, courseCatalog: createCourseCatalogService({ repository: coursesRepository }) };
}
