import type { ScormPackageStatus } from '@portal/shared/scorm';
import type { FastifyInstance } from 'fastify';
import { appChangeCache, droppingAfterWrites } from '../../change-cache.ts';
import type { Database } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { authoringAudit } from './course-audit.ts';
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
export const COURSE_CHANGES_CHANNEL = 'course_changes';

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

/** Course authoring: courses, modules, lessons and their uploads. Progress, listed next, reads the same courses. */
export async function registerCourses(
  app: FastifyInstance,
  {
    database,
    auditService,
    scormPackageStatus,
    courseReshaped,
  }: {
    database: Database;
    /** Authoring changes go to the audit trail. */
    auditService: AuditService;
    /** A SCORM lesson may be saved only once its package is ready; the SCORM module is listed later, asked lazily. */
    scormPackageStatus: (packageId: string) => Promise<ScormPackageStatus | null>;
    /** Works out again the progress of the course's learners after lessons were removed or moved (in the background). */
    courseReshaped: (courseId: string) => Promise<void>;
  },
) {
  // The file store the files module (listed earlier) decorated the app with.
  const { blobStore } = app;
  const outlines = appChangeCache<CourseTree>(app, database, { channel: COURSE_CHANGES_CHANNEL });
  // Which lessons embed a package: any course's change may add or remove one.
  const packageLessons = appChangeCache<LessonRow[]>(app, database, {
    channel: COURSE_CHANGES_CHANNEL,
    keyOf: () => '*',
  });
  const coursesRepository = droppingAfterWrites(createCoursesRepository({ db: database.db }), OUTLINE_WRITES, () => {
    outlines.drop('*');
    packageLessons.drop('*');
  });
  const coursesService = createCoursesService({
    coursesRepository,
    blobStore,
    limits: DEFAULT_COURSE_UPLOAD_LIMITS,
    scormPackageStatus,
    courseReshaped: (courseId) => {
      courseReshaped(courseId).catch((error: unknown) =>
        app.log.error({ err: error, courseId }, 'learners’ progress not worked out again after the course changed'),
      );
    },
  });
  const audit = authoringAudit(auditService);
  await app.register(coursesRoutes, { coursesService, coursesRepository, blobStore, audit });
  return {
    coursesService,
    courseCatalog: createCourseCatalogService({ repository: coursesRepository, outlines, packageLessons }),
  };
}
