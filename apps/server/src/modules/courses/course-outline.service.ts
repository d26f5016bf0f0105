import type { LessonOrderBody, MoveLessonBody } from '@portal/shared/course-authoring';
import { AppError } from '../../errors.ts';
import type { CourseLookup } from './course-lookup.ts';
import type { CoursesRepository, CourseTree, LessonRow } from './courses.repository.ts';
import type { CourseReshaped } from './lessons.service.ts';

/** True when `ids` names every expected id exactly once. */
function listsEveryOnce(ids: string[], expected: Set<string>): boolean {
  return ids.length === expected.size && new Set(ids).size === ids.length && ids.every((id) => expected.has(id));
}

/** True when the layout names modules of the course at most once and places every lesson exactly once. */
function placesEveryLessonOnce(tree: CourseTree, body: LessonOrderBody): boolean {
  const moduleIds = new Set(tree.modules.map((module) => module.id));
  const listedModules = body.modules.map((entry) => entry.module_id);
  const listedLessons = body.modules.flatMap((entry) => entry.lesson_ids);
  return (
    new Set(listedModules).size === listedModules.length &&
    listedModules.every((id) => moduleIds.has(id)) &&
    listsEveryOnce(listedLessons, new Set(tree.lessons.map((lesson) => lesson.id)))
  );
}

/** The lessons of the source and target modules after moving `lesson` to `body.position` of `body.module_id`. */
function layoutAfterMove(tree: CourseTree, lesson: LessonRow, body: MoveLessonBody) {
  const layout = tree.modules.map((module) => ({
    moduleId: module.id,
    lessonIds: tree.lessons.filter((row) => row.moduleId === module.id && row.id !== lesson.id).map((row) => row.id),
  }));
  const target = layout.find((entry) => entry.moduleId === body.module_id);
  target?.lessonIds.splice(Math.min(body.position, target.lessonIds.length), 0, lesson.id);
  return layout.filter((entry) => entry.moduleId === body.module_id || entry.moduleId === lesson.moduleId);
}

/** The order of a course's modules and of the lessons inside them. */
export function createCourseOutline({
  coursesRepository,
  lookup,
  courseReshaped,
}: {
  coursesRepository: CoursesRepository;
  lookup: CourseLookup;
  courseReshaped: CourseReshaped;
}) {
  return {
    async setModuleOrder(courseId: string, moduleIds: string[]) {
      const modules = await coursesRepository.listModules((await lookup.requireCourse(courseId)).id);
      if (!listsEveryOnce(moduleIds, new Set(modules.map((module) => module.id)))) {
        throw new AppError('bad_request', 'The order must list every module of the course exactly once.');
      }
      await coursesRepository.setModuleOrder(courseId, moduleIds);
      return lookup.detail(courseId);
    },
    async setLessonLayout(courseId: string, body: LessonOrderBody) {
      const tree = await lookup.detail(courseId);
      if (!placesEveryLessonOnce(tree, body)) {
        throw new AppError(
          'bad_request',
          'The order must place every lesson of the course exactly once, in its modules.',
        );
      }
      await coursesRepository.setLessonLayout(
        courseId,
        body.modules.map((entry) => ({ moduleId: entry.module_id, lessonIds: entry.lesson_ids })),
      );
      courseReshaped(courseId);
      return lookup.detail(courseId);
    },
    async moveLesson(lessonId: string, body: MoveLessonBody) {
      const lesson = await lookup.requireLesson(lessonId);
      const tree = await lookup.detail(lesson.courseId);
      if (!tree.modules.some((module) => module.id === body.module_id)) {
        throw new AppError('bad_request', 'Lessons move only between modules of the same course.');
      }
      await coursesRepository.setLessonLayout(lesson.courseId, layoutAfterMove(tree, lesson, body));
      courseReshaped(lesson.courseId);
      return lookup.detail(lesson.courseId);
    },
  };
}
