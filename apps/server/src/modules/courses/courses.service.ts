import { randomUUID } from 'node:crypto';
import {
  COVER_IMAGE_TYPES,
  type CourseStatus,
  type CourseUploadLimits,
  type CreateCourseBody,
  type CreateModuleBody,
  type LessonContentInput,
  type LessonOrderBody,
  lessonContentInputSchema,
  type MoveLessonBody,
  SLUG_MAX,
  SLUG_PATTERN,
  suggestSlug,
  type UpdateCourseBody,
  type UpdateLessonBody,
  type UpdateModuleBody,
} from '@portal/shared/courses';
import type { ScormPackageStatus } from '@portal/shared/scorm';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { isLessonReady } from './courses.presenter.ts';
import {
  type CourseRow,
  type CoursesRepository,
  isUniqueViolation,
  type LessonRow,
  type ModuleRow,
} from './courses.repository.ts';
import type { StoredFile } from './courses.table.ts';
import { filesDropped, type ParsedContent, storedContent } from './lesson-content.ts';
import { createLessonUploads, type Upload } from './lesson-uploads.ts';

export type { Upload } from './lesson-uploads.ts';

const courseNotFound = () => new AppError('not_found', 'Course not found.');
const moduleNotFound = () => new AppError('not_found', 'Module not found.');
const lessonNotFound = () => new AppError('not_found', 'Lesson not found.');
const slugTaken = () => new AppError('conflict', 'This address is already used by another course.');

export function createCoursesService({
  coursesRepository,
  blobStore,
  limits,
  scormPackageStatus,
}: {
  coursesRepository: CoursesRepository;
  blobStore: BlobStore;
  limits: CourseUploadLimits;
  /** The status of a SCORM package, null when there is none; packages live in their own module. */
  scormPackageStatus: (packageId: string) => Promise<ScormPackageStatus | null>;
}) {
  async function requireCourse(courseId: string): Promise<CourseRow> {
    const course = await coursesRepository.findCourseById(courseId);
    if (!course) throw courseNotFound();
    return course;
  }
  async function requireModule(moduleId: string): Promise<ModuleRow> {
    const module = await coursesRepository.findModule(moduleId);
    if (!module) throw moduleNotFound();
    return module;
  }
  async function requireLesson(lessonId: string): Promise<LessonRow> {
    const lesson = await coursesRepository.findLesson(lessonId);
    if (!lesson) throw lessonNotFound();
    return lesson;
  }
  const uploads = createLessonUploads({ coursesRepository, blobStore, limits, requireLesson });
  const { storeUpload } = uploads;

  async function detail(courseId: string) {
    const tree = await coursesRepository.loadTree(courseId);
    if (!tree) throw courseNotFound();
    return tree;
  }
  async function withCounts(courseId: string) {
    const course = await coursesRepository.findCourseWithCounts(courseId);
    if (!course) throw courseNotFound();
    return course;
  }

  /** `base`, or `base-2`, `base-3`... whichever is not used by another course. */
  async function freeSlug(base: string, exceptCourseId?: string): Promise<string> {
    const taken = new Set(await coursesRepository.slugsLike(base, exceptCourseId));
    if (!taken.has(base)) return base;
    for (let suffix = 2; ; suffix += 1) {
      const tail = `-${suffix}`;
      const candidate = `${base.slice(0, SLUG_MAX - tail.length).replace(/-+$/, '')}${tail}`;
      if (!taken.has(candidate)) return candidate;
    }
  }

  /** Checks the prerequisite is another module of the same course and that following prerequisites never loops. */
  async function checkPrerequisite(courseId: string, moduleId: string | null, prerequisiteId: string | null) {
    if (prerequisiteId === null) return;
    if (prerequisiteId === moduleId) throw new AppError('bad_request', 'A module cannot be its own prerequisite.');
    const modules = await coursesRepository.listModules(courseId);
    const byId = new Map(modules.map((module) => [module.id, module]));
    if (!byId.has(prerequisiteId)) {
      throw new AppError('bad_request', 'The prerequisite must be a module of the same course.');
    }
    const visited = new Set<string>();
    for (
      let current: string | null = prerequisiteId;
      current;
      current = byId.get(current)?.prerequisiteModuleId ?? null
    ) {
      if (current === moduleId || visited.has(current)) {
        throw new AppError('bad_request', 'That prerequisite would make modules wait for each other in a circle.');
      }
      visited.add(current);
    }
  }

  /** A SCORM lesson must embed a package that exists and is ready, or learners would open nothing. */
  async function checkScormPackage(content: ParsedContent) {
    if (content.kind !== 'scorm') return;
    const status = await scormPackageStatus(content.package_id);
    if (status === null) {
      throw new AppError('bad_request', 'There is no SCORM package with this id.', {
        reasons: ['scorm_package_missing'],
      });
    }
    if (status !== 'ready') {
      throw new AppError('conflict', `This SCORM package is not ready (it is ${status}); choose a ready package.`, {
        reasons: ['scorm_package_not_ready'],
      });
    }
  }

  return {
    limits,
    listCourses() {
      return coursesRepository.listCoursesWithCounts();
    },
    detail,
    async detailBySlug(slug: string) {
      const course = await coursesRepository.findCourseBySlug(slug);
      if (!course) throw courseNotFound();
      return detail(course.id);
    },
    async suggestSlug(query: { title?: string; slug?: string; course_id?: string }) {
      if (query.slug !== undefined) {
        const valid = query.slug.length > 0 && query.slug.length <= SLUG_MAX && SLUG_PATTERN.test(query.slug);
        const base = valid ? query.slug : suggestSlug(query.slug);
        const slug = await freeSlug(base, query.course_id);
        return { slug, available: valid && slug === query.slug };
      }
      const base = suggestSlug(query.title ?? '');
      const slug = await freeSlug(base, query.course_id);
      return { slug, available: slug === base };
    },

    async createCourse(userId: string, body: CreateCourseBody) {
      const slug = body.slug ?? (await freeSlug(suggestSlug(body.title)));
      if (body.slug && (await coursesRepository.findCourseBySlug(body.slug))) throw slugTaken();
      try {
        const course = await coursesRepository.insertCourse({
          slug,
          title: body.title,
          description: body.description,
          requiredTier: body.required_tier,
          createdBy: userId,
        });
        return withCounts(course.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
    },
    async updateCourse(courseId: string, body: UpdateCourseBody) {
      await requireCourse(courseId);
      if (body.slug) {
        const other = await coursesRepository.findCourseBySlug(body.slug);
        if (other && other.id !== courseId) throw slugTaken();
      }
      try {
        await coursesRepository.updateCourse(courseId, {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.slug !== undefined ? { slug: body.slug } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.required_tier !== undefined ? { requiredTier: body.required_tier } : {}),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
      return withCounts(courseId);
    },
    /** Publishing needs at least one lesson, all of them ready for learners. */
    async setStatus(courseId: string, status: CourseStatus) {
      const tree = await detail(courseId);
      if (status === 'published') {
        if (tree.lessons.length === 0) throw new AppError('conflict', 'Add at least one lesson before publishing.');
        const unready = tree.lessons.find((lesson) => !isLessonReady(lesson));
        if (unready) {
          throw new AppError(
            'conflict',
            `The lesson "${unready.title}" is not ready yet: add its file or length first.`,
          );
        }
      }
      await coursesRepository.updateCourse(courseId, {
        status,
        ...(status === 'published' && !tree.course.publishedAt ? { publishedAt: new Date() } : {}),
      });
      return withCounts(courseId);
    },
    async uploadCover(courseId: string, upload: Upload) {
      const course = await requireCourse(courseId);
      const key = `courses/${course.id}/cover-${randomUUID()}`;
      const { contentType } = await storeUpload(key, upload, COVER_IMAGE_TYPES, limits.cover.max_bytes);
      await coursesRepository.updateCourse(courseId, { coverImageKey: key, coverContentType: contentType });
      if (course.coverImageKey) await blobStore.delete(course.coverImageKey);
      return withCounts(courseId);
    },
    async removeCover(courseId: string) {
      const course = await requireCourse(courseId);
      await coursesRepository.updateCourse(courseId, { coverImageKey: null, coverContentType: null });
      if (course.coverImageKey) await blobStore.delete(course.coverImageKey);
      return withCounts(courseId);
    },

    async createModule(courseId: string, body: CreateModuleBody) {
      await requireCourse(courseId);
      await checkPrerequisite(courseId, null, body.prerequisite_module_id);
      return coursesRepository.insertModule(courseId, {
        title: body.title,
        description: body.description,
        prerequisiteModuleId: body.prerequisite_module_id,
      });
    },
    async updateModule(moduleId: string, body: UpdateModuleBody) {
      const module = await requireModule(moduleId);
      if (body.prerequisite_module_id !== undefined) {
        await checkPrerequisite(module.courseId, module.id, body.prerequisite_module_id);
      }
      const updated = await coursesRepository.updateModule(moduleId, {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.prerequisite_module_id !== undefined ? { prerequisiteModuleId: body.prerequisite_module_id } : {}),
      });
      if (!updated) throw moduleNotFound();
      return updated;
    },
    async deleteModule(moduleId: string) {
      const module = await requireModule(moduleId);
      if ((await coursesRepository.countLessonsInModule(moduleId)) > 0) {
        throw new AppError('conflict', 'Move or delete the lessons of this module first.');
      }
      await coursesRepository.deleteModule(module);
    },
    async setModuleOrder(courseId: string, moduleIds: string[]) {
      const modules = await coursesRepository.listModules((await requireCourse(courseId)).id);
      const expected = new Set(modules.map((module) => module.id));
      if (
        moduleIds.length !== expected.size ||
        new Set(moduleIds).size !== moduleIds.length ||
        moduleIds.some((id) => !expected.has(id))
      ) {
        throw new AppError('bad_request', 'The order must list every module of the course exactly once.');
      }
      await coursesRepository.setModuleOrder(courseId, moduleIds);
      return detail(courseId);
    },

    async createLesson(moduleId: string, body: { title: string; content: LessonContentInput }) {
      const module = await requireModule(moduleId);
      const parsed = lessonContentInputSchema.parse(body.content);
      await checkScormPackage(parsed);
      return coursesRepository.insertLesson(module, {
        kind: parsed.kind,
        title: body.title,
        ...storedContent(parsed),
      });
    },
    async updateLesson(lessonId: string, body: UpdateLessonBody) {
      const lesson = await requireLesson(lessonId);
      let changes = {};
      let dropped: StoredFile[] = [];
      if (body.content) {
        const parsed = lessonContentInputSchema.parse(body.content);
        if (parsed.kind !== lesson.kind) {
          throw new AppError('bad_request', `This is a ${lesson.kind} lesson; its kind cannot change.`);
        }
        await checkScormPackage(parsed);
        const next = storedContent(parsed, lesson);
        dropped = filesDropped(lesson.content, next.content);
        changes = next;
      }
      const updated = await coursesRepository.updateLesson(lessonId, {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...changes,
      });
      if (!updated) throw lessonNotFound();
      await Promise.all(dropped.map((file) => blobStore.delete(file.key)));
      return updated;
    },
    async deleteLesson(lessonId: string) {
      const lesson = await requireLesson(lessonId);
      await coursesRepository.deleteLesson(lesson);
      await blobStore.deletePrefix(`lessons/${lesson.id}`);
    },
    async setLessonLayout(courseId: string, body: LessonOrderBody) {
      const tree = await detail(courseId);
      const moduleIds = new Set(tree.modules.map((module) => module.id));
      const lessonIds = new Set(tree.lessons.map((lesson) => lesson.id));
      const listedModules = body.modules.map((entry) => entry.module_id);
      const listedLessons = body.modules.flatMap((entry) => entry.lesson_ids);
      const valid =
        new Set(listedModules).size === listedModules.length &&
        listedModules.every((id) => moduleIds.has(id)) &&
        listedLessons.length === lessonIds.size &&
        new Set(listedLessons).size === listedLessons.length &&
        listedLessons.every((id) => lessonIds.has(id));
      if (!valid) {
        throw new AppError(
          'bad_request',
          'The order must place every lesson of the course exactly once, in its modules.',
        );
      }
      await coursesRepository.setLessonLayout(
        courseId,
        body.modules.map((entry) => ({ moduleId: entry.module_id, lessonIds: entry.lesson_ids })),
      );
      return detail(courseId);
    },
    async moveLesson(lessonId: string, body: MoveLessonBody) {
      const lesson = await requireLesson(lessonId);
      const tree = await detail(lesson.courseId);
      if (!tree.modules.some((module) => module.id === body.module_id)) {
        throw new AppError('bad_request', 'Lessons move only between modules of the same course.');
      }
      const layout = tree.modules.map((module) => ({
        moduleId: module.id,
        lessonIds: tree.lessons
          .filter((row) => row.moduleId === module.id && row.id !== lesson.id)
          .map((row) => row.id),
      }));
      const target = layout.find((entry) => entry.moduleId === body.module_id);
      target?.lessonIds.splice(Math.min(body.position, target.lessonIds.length), 0, lesson.id);
      await coursesRepository.setLessonLayout(
        lesson.courseId,
        layout.filter((entry) => entry.moduleId === body.module_id || entry.moduleId === lesson.moduleId),
      );
      return detail(lesson.courseId);
    },
    uploadVideo: uploads.uploadVideo,
    uploadPdf: uploads.uploadPdf,
  };
}
export type CoursesService = ReturnType<typeof createCoursesService>;
