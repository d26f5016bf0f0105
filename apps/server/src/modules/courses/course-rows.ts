import type { Db } from '../../db/client.ts';
import type { courseModules, courses, lessons } from './courses.table.ts';

export type CourseRow = typeof courses.$inferSelect;
export type ModuleRow = typeof courseModules.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type CourseWithCounts = CourseRow & { moduleCount: number; lessonCount: number; durationSeconds: number };

/** A course with its modules and lessons, each in order. */
export type CourseTree = { course: CourseRow; modules: ModuleRow[]; lessons: LessonRow[] };

/** The database or a transaction on it. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
