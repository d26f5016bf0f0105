import { randomUUID } from 'node:crypto';
import type { CourseUploadLimits } from '@portal/shared/course-authoring';
import { COVER_IMAGE_TYPES } from '@portal/shared/course-rules';
import type { BlobStore } from '../files/blob-store.ts';
import type { CourseLookup } from './course-lookup.ts';
import type { CoursesRepository } from './courses.repository.ts';
import { storeUpload, type Upload } from './lesson-uploads.ts';

/** A course's cover image; the replaced image is deleted once the course points at the new one. */
export function createCourseCovers({
  coursesRepository,
  blobStore,
  limits,
  lookup,
}: {
  coursesRepository: CoursesRepository;
  blobStore: BlobStore;
  limits: CourseUploadLimits;
  lookup: CourseLookup;
}) {
  return {
    async uploadCover(courseId: string, upload: Upload) {
      const course = await lookup.requireCourse(courseId);
      const key = `courses/${course.id}/cover-${randomUUID()}`;
      const { contentType } = await storeUpload(blobStore, key, upload, COVER_IMAGE_TYPES, limits.cover.max_bytes);
      await coursesRepository.updateCourse(courseId, { coverImageKey: key, coverContentType: contentType });
      if (course.coverImageKey) await blobStore.delete(course.coverImageKey);
      return lookup.withCounts(courseId);
    },
    async removeCover(courseId: string) {
      const course = await lookup.requireCourse(courseId);
      await coursesRepository.updateCourse(courseId, { coverImageKey: null, coverContentType: null });
      if (course.coverImageKey) await blobStore.delete(course.coverImageKey);
      return lookup.withCounts(courseId);
    },
  };
}
