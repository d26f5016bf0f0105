import type { CreateCourseBody, UpdateCourseBody } from '@portal/shared/course-authoring';
import { type CourseStatus, suggestSlug } from '@portal/shared/course-rules';
import { AppError, isUniqueViolation } from '../../errors.ts';
import type { CourseLookup } from './course-lookup.ts';
import { freeSlug, suggestFreeSlug } from './course-slugs.ts';
import { isLessonReady } from './courses.presenter.ts';
import type { CoursesRepository } from './courses.repository.ts';

const slugTaken = () => new AppError('conflict', 'This address is already used by another course.');

/** Runs a write that sets a slug, answering 409 when another course took it meanwhile. */
async function claimingSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

type CourseEditorDeps = { coursesRepository: CoursesRepository; lookup: CourseLookup };

/** Publishing needs at least one lesson, all of them ready for learners. */
async function setCourseStatus(
  { coursesRepository, lookup }: CourseEditorDeps,
  courseId: string,
  status: CourseStatus,
) {
  const tree = await lookup.detail(courseId);
  if (status === 'published') {
    if (tree.lessons.length === 0) throw new AppError('conflict', 'Add at least one lesson before publishing.');
    const unready = tree.lessons.find((lesson) => !isLessonReady(lesson));
    if (unready) {
      throw new AppError('conflict', `The lesson "${unready.title}" is not ready yet: add its file or length first.`);
    }
  }
  await coursesRepository.updateCourse(courseId, {
    status,
    ...(status === 'published' && !tree.course.publishedAt ? { publishedAt: new Date() } : {}),
  });
  return lookup.withCounts(courseId);
}

/** A course's own fields: title, address, description, tier and status. */
export function createCourseEditor(deps: CourseEditorDeps) {
  const { coursesRepository, lookup } = deps;
  return {
    suggestSlug: (query: { title?: string; slug?: string; course_id?: string }) =>
      suggestFreeSlug(coursesRepository, query),
    async createCourse(userId: string, body: CreateCourseBody) {
      const slug = body.slug ?? (await freeSlug(coursesRepository, suggestSlug(body.title)));
      if (body.slug && (await coursesRepository.findCourseBySlug(body.slug))) throw slugTaken();
      const course = await claimingSlug(() =>
        coursesRepository.insertCourse({
          slug,
          title: body.title,
          description: body.description,
          requiredTier: body.required_tier,
          createdBy: userId,
        }),
      );
      return lookup.withCounts(course.id);
    },
    async updateCourse(courseId: string, body: UpdateCourseBody) {
      await lookup.requireCourse(courseId);
      if (body.slug) {
        const other = await coursesRepository.findCourseBySlug(body.slug);
        if (other && other.id !== courseId) throw slugTaken();
      }
      await claimingSlug(() =>
        coursesRepository.updateCourse(courseId, {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.slug !== undefined ? { slug: body.slug } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.required_tier !== undefined ? { requiredTier: body.required_tier } : {}),
        }),
      );
      return lookup.withCounts(courseId);
    },
    /** Publishing needs at least one lesson, all of them ready for learners. */
    setStatus: (courseId: string, status: CourseStatus) => setCourseStatus(deps, courseId, status),
  };
}
