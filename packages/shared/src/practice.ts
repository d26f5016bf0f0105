/**
 * Practice questions for study sessions: quiz questions from lessons the learner completed. Practice changes no progress.
 *
 *   GET  /api/practice/questions?limit=N (practiceQuestionsQuerySchema) -> practiceQuestionsSchema (no answers)
 *   POST /api/practice/check  practiceCheckBodySchema                   -> practiceCheckResultSchema
 * A question from a lesson the learner has not completed answers 404 `not_found`.
 */
import { z } from 'zod';
import { learnerQuizQuestionSchema } from './course-catalogue.ts';

export const PRACTICE_LIMIT_DEFAULT = 10;
export const PRACTICE_LIMIT_MAX = 50;

export const practiceQuestionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PRACTICE_LIMIT_MAX).default(PRACTICE_LIMIT_DEFAULT),
});

export const practiceQuestionSchema = learnerQuizQuestionSchema.extend({
  lesson_id: z.string(),
  lesson_title: z.string(),
  course_id: z.string(),
  course_title: z.string(),
});
export type PracticeQuestion = z.infer<typeof practiceQuestionSchema>;

/** A shuffled sample; empty when the learner has completed no lesson with a quiz. */
export const practiceQuestionsSchema = z.object({ questions: z.array(practiceQuestionSchema) });
export type PracticeQuestions = z.infer<typeof practiceQuestionsSchema>;

export const practiceCheckBodySchema = z
  .object({
    question_id: z.string().min(1).max(64),
    choice_ids: z.array(z.string().min(1).max(64)).max(20),
  })
  .strict();
export type PracticeCheckBody = z.infer<typeof practiceCheckBodySchema>;

export const practiceCheckResultSchema = z.object({
  correct: z.boolean(),
  feedback: z.string(),
  correct_choice_ids: z.array(z.string()),
});
export type PracticeCheckResult = z.infer<typeof practiceCheckResultSchema>;
