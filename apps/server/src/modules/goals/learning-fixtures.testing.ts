import { randomUUID } from 'node:crypto';
import type { CourseStatus } from '@portal/shared/course-rules';
import type { Db } from '../../db/client.ts';
import { courseModules, courses, lessons } from '../courses/courses.table.ts';
import { courseProgress } from '../progress/progress.table.ts';

/** A course with one module of text lessons, written straight to the database (no authoring needed). */
export async function insertCourse(
  db: Db,
  {
    title = 'Study skills',
    status = 'published',
    lessonTitles = ['Spaced repetition', 'Active recall'],
  }: { title?: string; status?: CourseStatus; lessonTitles?: string[] } = {},
) {
  const [course] = await db
    .insert(courses)
    .values({ slug: `course-${randomUUID().slice(0, 8)}`, title, status })
    .returning();
  if (!course) throw new Error('course insert failed');
  const [module] = await db
    .insert(courseModules)
    .values({ courseId: course.id, position: 0, title: 'Basics' })
    .returning();
  if (!module) throw new Error('module insert failed');
  const inserted = await db
    .insert(lessons)
    .values(
      lessonTitles.map((lessonTitle, position) => ({
        moduleId: module.id,
        courseId: course.id,
        position,
        kind: 'text' as const,
        title: lessonTitle,
        content: { kind: 'text' as const, markdown: lessonTitle, html: `<p>${lessonTitle}</p>` },
      })),
    )
    .returning();
  return { courseId: course.id, lessonIds: inserted.map((lesson) => lesson.id) };
}

/** Sets the learner's percent in a course as the progress module would. */
export async function setCoursePercent(db: Db, userId: string, courseId: string, percent: number) {
  await db
    .insert(courseProgress)
    .values({ userId, courseId, percent })
    .onConflictDoUpdate({ target: [courseProgress.userId, courseProgress.courseId], set: { percent } });
}
