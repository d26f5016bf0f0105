/** Schemas of the course fields that the authoring and the learner contracts share. */
import { z } from 'zod';
import {
  COURSE_PROGRESS_STATUSES,
  COURSE_STATUSES,
  LESSON_KINDS,
  QUESTION_KINDS,
  SLUG_MAX,
  SLUG_PATTERN,
} from './course-rules.ts';

export const courseStatusSchema = z.enum(COURSE_STATUSES);
export const lessonKindSchema = z.enum(LESSON_KINDS);
export const questionKindSchema = z.enum(QUESTION_KINDS);
export const courseProgressStatusSchema = z.enum(COURSE_PROGRESS_STATUSES);

export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(SLUG_MAX)
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single dashes, e.g. "study-skills".');
