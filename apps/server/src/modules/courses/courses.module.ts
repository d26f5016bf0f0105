import type { ScormPackageStatus } from '@portal/shared/scorm';
import type { FastifyInstance } from 'fastify';
import { createChangeCache } from '../../change-cache.ts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { createCourseCatalogService } from './course-catalog.service.ts';
import { DEFAULT_COURSE_UPLOAD_LIMITS } from './course-upload-limits.ts';
import {
  type CoursesRepository,
  type CourseTree,
  createCoursesRepository,
  type LessonRow,
} from './courses.repository.ts';
import { coursesRoutes } from './courses.routes.ts';
import { createCoursesService } from './courses.service.ts';

/** Channel the triggers of migration 0033 notify with the id of a course whose outline changed. */
const COURSE_CHANGES_CHANNEL = 'course_changes';

/** What changes a course, its modules or its lessons; the catalogue's kept outlines go after each. */
const OUTLINE_WRITES = [
  'insertCourse',
  'updateCourse',
  'insertModule',
  'updateModule',
  'deleteModule',
  'setModuleOrder',
  'setLessonLayout',
  'insertLesson',
  'updateLesson',
  'deleteLesson',
] as const satisfies readonly (keyof CoursesRepository)[];

/** The repository, dropping this instance's kept outlines once a write ends (the triggers tell the others). */
function droppingOutlines(repository: CoursesRepository, drop: () => void): CoursesRepository {
  const wrapped = { ...repository };
  for (const name of OUTLINE_WRITES) {
    const write = repository[name] as (...args: unknown[]) => Promise<unknown>;
    Object.assign(wrapped, {
      [name]: async (...args: unknown[]) => {
        try {
          return await write(...args);
        } finally {
          drop();
        }
      },
    });
  }
  return wrapped;
}

/** Course authoring: courses, modules, lessons and their uploads. Progress, listed next, reads the same courses. */
export async function registerCourses(
  app: FastifyInstance,
  {
    database,
    blobStore,
    scormPackageStatus,
  }: {
    database: Database;
    blobStore: BlobStore;
    /** A SCORM lesson may be saved only once its package is ready; the SCORM module is listed later, asked lazily. */
    scormPackageStatus: (packageId: string) => Promise<ScormPackageStatus | null>;
  },
) {
  const outlines = createChangeCache<CourseTree>({ channel: COURSE_CHANGES_CHANNEL });
  // Which lessons embed a package: any course's change may add or remove one.
  const packageLessons = createChangeCache<LessonRow[]>({ channel: COURSE_CHANGES_CHANNEL, keyOf: () => '*' });
  for (const cache of [outlines, packageLessons]) {
    app.addHook('onReady', () => cache.start(database));
    app.addHook('onClose', () => cache.stop());
  }
  const coursesRepository = droppingOutlines(createCoursesRepository({ db: database.db }), () => {
    outlines.drop('*');
    packageLessons.drop('*');
  });
  const coursesService = createCoursesService({
    coursesRepository,
    blobStore,
    limits: DEFAULT_COURSE_UPLOAD_LIMITS,
    scormPackageStatus,
  });
  await app.register(coursesRoutes, { coursesService, coursesRepository, blobStore });
  return {
    coursesService,
    courseCatalog: createCourseCatalogService({ repository: coursesRepository, outlines, packageLessons }),
  };
}
