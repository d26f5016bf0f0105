import type { CourseUploadLimits } from '@portal/shared/course-authoring';
import type { ScormPackageStatus } from '@portal/shared/scorm';
import type { BlobStore } from '../files/blob-store.ts';
import { createCourseCovers } from './course-covers.service.ts';
import { createCourseEditor } from './course-editor.service.ts';
import { courseNotFound, createCourseLookup } from './course-lookup.ts';
import { createCourseModules } from './course-modules.service.ts';
import { createCourseOutline } from './course-outline.service.ts';
import type { CoursesRepository } from './courses.repository.ts';
import { createLessonUploads } from './lesson-uploads.ts';
import { type CourseReshaped, createLessons } from './lessons.service.ts';

export type { Upload } from './lesson-uploads.ts';

/** Course authoring for admins: the catalogue, each course, its modules, lessons, their order and files. */
export function createCoursesService({
  coursesRepository,
  blobStore,
  limits,
  scormPackageStatus,
  courseReshaped = () => undefined,
}: {
  coursesRepository: CoursesRepository;
  blobStore: BlobStore;
  limits: CourseUploadLimits;
  /** The status of a SCORM package, null when there is none; packages live in their own module. */
  scormPackageStatus: (packageId: string) => Promise<ScormPackageStatus | null>;
  /** Lessons were removed or moved: learners' progress is worked out again (the progress module, listed later). */
  courseReshaped?: CourseReshaped;
}) {
  const lookup = createCourseLookup(coursesRepository);
  const { uploadVideo, uploadPdf } = createLessonUploads({
    coursesRepository,
    blobStore,
    limits,
    requireLesson: lookup.requireLesson,
  });
  return {
    limits,
    listCourses: () => coursesRepository.listCoursesWithCounts(),
    detail: lookup.detail,
    /** One course with its module and lesson counts. */
    course: lookup.withCounts,
    async detailBySlug(slug: string) {
      const course = await coursesRepository.findCourseBySlug(slug);
      if (!course) throw courseNotFound();
      return lookup.detail(course.id);
    },
    ...createCourseEditor({ coursesRepository, lookup }),
    ...createCourseCovers({ coursesRepository, blobStore, limits, lookup }),
    ...createCourseModules({ coursesRepository, lookup }),
    ...createLessons({ coursesRepository, blobStore, lookup, scormPackageStatus, courseReshaped }),
    ...createCourseOutline({ coursesRepository, lookup, courseReshaped }),
    uploadVideo,
    uploadPdf,
  };
}
export type CoursesService = ReturnType<typeof createCoursesService>;
