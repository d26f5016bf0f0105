import type { CourseUploadLimits } from '@portal/shared/course-authoring';
import {
  COVER_IMAGE_TYPES,
  COVER_MAX_BYTES,
  PDF_MAX_BYTES,
  PDF_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
} from '@portal/shared/course-rules';

export const DEFAULT_COURSE_UPLOAD_LIMITS: CourseUploadLimits = {
  cover: { max_bytes: COVER_MAX_BYTES, types: [...COVER_IMAGE_TYPES] },
  video: { max_bytes: VIDEO_MAX_BYTES, types: [...VIDEO_TYPES] },
  pdf: { max_bytes: PDF_MAX_BYTES, types: [...PDF_TYPES] },
};
