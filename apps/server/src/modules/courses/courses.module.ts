import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { createScormRepository } from '../scorm/scorm.repository.ts';
import { DEFAULT_COURSE_UPLOAD_LIMITS } from './course-upload-limits.ts';
import { createCoursesRepository } from './courses.repository.ts';
import { coursesRoutes } from './courses.routes.ts';
import { createCoursesService } from './courses.service.ts';

/** Course authoring: courses, modules, lessons and their uploads. Progress, listed next, reads the same courses. */
export async function registerCourses(app: FastifyInstance, { db, blobStore }: { db: Db; blobStore: BlobStore }) {
  const coursesRepository = createCoursesRepository({ db });
  // A SCORM lesson may be saved only once its package is ready; the SCORM module itself is registered later.
  const scormPackages = createScormRepository({ db });
  const coursesService = createCoursesService({
    coursesRepository,
    blobStore,
    limits: DEFAULT_COURSE_UPLOAD_LIMITS,
    scormPackageStatus: async (packageId) => (await scormPackages.findPackage(packageId))?.status ?? null,
  });
  await app.register(coursesRoutes, { coursesService, coursesRepository, blobStore });
  return { coursesService, coursesRepository };
}
