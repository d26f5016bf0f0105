import type { CoursesRepository } from './courses.repository.ts';

/**
 * The courses as other modules read them: progress finds courses, modules and lessons here and loads a course's
 * outline. Reading only; authoring goes through the courses service. They hold this, never the repository.
 */
export function createCourseCatalogService({ repository }: { repository: CoursesRepository }) {
  return {
    findCourseById: repository.findCourseById,
    findCourseBySlug: repository.findCourseBySlug,
    findModule: repository.findModule,
    findLesson: repository.findLesson,
    findLessonsByScormPackage: repository.findLessonsByScormPackage,
    listCoursesWithCounts: repository.listCoursesWithCounts,
    /** A course with its modules and lessons, each in order. */
    loadTree: repository.loadTree,
  };
}
export type CourseCatalogService = ReturnType<typeof createCourseCatalogService>;
