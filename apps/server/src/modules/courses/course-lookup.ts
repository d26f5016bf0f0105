import { AppError } from '../../errors.ts';
import type { CourseRow, CoursesRepository, LessonRow, ModuleRow } from './courses.repository.ts';

export const courseNotFound = () => new AppError('not_found', 'Course not found.');
export const moduleNotFound = () => new AppError('not_found', 'Module not found.');
export const lessonNotFound = () => new AppError('not_found', 'Lesson not found.');

/** Loads what an authoring request names, or answers 404. */
export function createCourseLookup(coursesRepository: CoursesRepository) {
  return {
    async requireCourse(courseId: string): Promise<CourseRow> {
      const course = await coursesRepository.findCourseById(courseId);
      if (!course) throw courseNotFound();
      return course;
    },
    async requireModule(moduleId: string): Promise<ModuleRow> {
      const module = await coursesRepository.findModule(moduleId);
      if (!module) throw moduleNotFound();
      return module;
    },
    async requireLesson(lessonId: string): Promise<LessonRow> {
      const lesson = await coursesRepository.findLesson(lessonId);
      if (!lesson) throw lessonNotFound();
      return lesson;
    },
    /** The course with its modules and lessons. */
    async detail(courseId: string) {
      const tree = await coursesRepository.loadTree(courseId);
      if (!tree) throw courseNotFound();
      return tree;
    },
    async withCounts(courseId: string) {
      const course = await coursesRepository.findCourseWithCounts(courseId);
      if (!course) throw courseNotFound();
      return course;
    },
  };
}
export type CourseLookup = ReturnType<typeof createCourseLookup>;
