import type { ChangeCache } from '../../change-cache.ts';
import type { CoursesRepository, CourseTree, LessonRow } from './courses.repository.ts';

/** Lessons whose course is remembered; a lesson never moves to another course. */
const MAX_REMEMBERED_LESSONS = 100_000;

/**
 * The courses as other modules read them: progress finds courses, modules and lessons here and loads a course's
 * outline. Reading only; authoring goes through the courses service. They hold this, never the repository.
 *
 * With `outlines`, a course's outline (the course, its modules and lessons) is read once and kept until the course
 * changes: every progress report, quiz and lesson view needs it, and it changes only when someone authors.
 */
export function createCourseCatalogService({
  repository,
  outlines,
  packageLessons,
}: {
  repository: CoursesRepository;
  outlines?: ChangeCache<CourseTree>;
  /** The lessons embedding each SCORM package, asked on every commit of a package's player. */
  packageLessons?: ChangeCache<LessonRow[]>;
}) {
  const courseOfLesson = new Map<string, string>();

  const loadTree = (courseId: string): Promise<CourseTree | undefined> =>
    outlines ? outlines.get(courseId, () => repository.loadTree(courseId)) : repository.loadTree(courseId);

  async function findLesson(id: string): Promise<LessonRow | undefined> {
    const courseId = outlines && courseOfLesson.get(id);
    if (courseId) {
      const kept = (await loadTree(courseId))?.lessons.find((lesson) => lesson.id === id);
      if (kept) return kept;
    }
    const lesson = await repository.findLesson(id);
    if (lesson && outlines && courseOfLesson.size < MAX_REMEMBERED_LESSONS) courseOfLesson.set(id, lesson.courseId);
    return lesson;
  }

  return {
    findCourseById: async (id: string) => (outlines ? (await loadTree(id))?.course : repository.findCourseById(id)),
    findCourseBySlug: repository.findCourseBySlug,
    findModule: repository.findModule,
    findLesson,
    findLessonsByScormPackage: (packageId: string) =>
      packageLessons
        ? packageLessons.get(packageId, () => repository.findLessonsByScormPackage(packageId))
        : repository.findLessonsByScormPackage(packageId),
    listCoursesWithCounts: repository.listCoursesWithCounts,
    /** A course with its modules and lessons, each in order. */
    loadTree,
  };
}
export type CourseCatalogService = ReturnType<typeof createCourseCatalogService>;
