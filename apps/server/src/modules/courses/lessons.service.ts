import {
  type LessonContentInput,
  lessonContentInputSchema,
  type UpdateLessonBody,
} from '@portal/shared/course-authoring';
import type { ScormPackageStatus } from '@portal/shared/scorm';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { type CourseLookup, lessonNotFound } from './course-lookup.ts';
import type { CoursesRepository } from './courses.repository.ts';
import type { StoredFile } from './courses.table.ts';
import { filesDropped, type ParsedContent, storedContent } from './lesson-content.ts';

type PackageStatus = (packageId: string) => Promise<ScormPackageStatus | null>;
/** Told the course whose lessons were removed or moved, so learners' progress follows (see the progress module). */
export type CourseReshaped = (courseId: string) => void;

/** A SCORM lesson must embed a package that exists and is ready, or learners would open nothing. */
async function checkScormPackage(scormPackageStatus: PackageStatus, content: ParsedContent) {
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

type LessonsDeps = {
  coursesRepository: CoursesRepository;
  blobStore: BlobStore;
  lookup: CourseLookup;
  scormPackageStatus: PackageStatus;
  courseReshaped: CourseReshaped;
};

/** Adding, editing and removing lessons; files a lesson no longer uses are deleted. */
export function createLessons(deps: LessonsDeps) {
  const { coursesRepository, blobStore, lookup, scormPackageStatus, courseReshaped } = deps;
  return {
    async createLesson(moduleId: string, body: { title: string; content: LessonContentInput }) {
      const module = await lookup.requireModule(moduleId);
      const parsed = lessonContentInputSchema.parse(body.content);
      await checkScormPackage(scormPackageStatus, parsed);
      return coursesRepository.insertLesson(module, { kind: parsed.kind, title: body.title, ...storedContent(parsed) });
    },
    async updateLesson(lessonId: string, body: UpdateLessonBody) {
      const lesson = await lookup.requireLesson(lessonId);
      let changes = {};
      let dropped: StoredFile[] = [];
      if (body.content) {
        const parsed = lessonContentInputSchema.parse(body.content);
        if (parsed.kind !== lesson.kind) {
          throw new AppError('bad_request', `This is a ${lesson.kind} lesson; its kind cannot change.`);
        }
        await checkScormPackage(scormPackageStatus, parsed);
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
      const lesson = await lookup.requireLesson(lessonId);
      await coursesRepository.deleteLesson(lesson);
      courseReshaped(lesson.courseId);
      await blobStore.deletePrefix(`lessons/${lesson.id}`);
      return lesson;
    },
  };
}
