import { z } from 'zod';

/** How a learner's response is judged: by the result the content reported, or against the correct pattern. */
export const SCORM_RESPONSE_OUTCOMES = ['correct', 'incorrect', 'other'] as const;
export type ScormResponseOutcome = (typeof SCORM_RESPONSE_OUTCOMES)[number];

/** The most different answers listed per interaction; the rest are summed up as `other_responses`. */
export const SCORM_RESPONSE_DISTRIBUTION_LIMIT = 20;

/** One distinct answer to an interaction and how often learners gave it. */
export const scormResponseShareSchema = z.object({
  /** The learner response as stored; empty string for none. */
  response: z.string(),
  count: z.number().int(),
  /** Share of all responses to the interaction, 0-100. */
  share: z.number(),
  outcome: z.enum(SCORM_RESPONSE_OUTCOMES),
});
export type ScormResponseShare = z.infer<typeof scormResponseShareSchema>;

/** One interaction (question) of one SCO across every attempt of a package. */
export const scormInteractionReportSchema = z.object({
  sco_id: z.string(),
  sco_title: z.string(),
  interaction_id: z.string(),
  description: z.string().nullable(),
  type: z.string().nullable(),
  /** The distinct correct response patterns the content reported. */
  correct_responses: z.array(z.string()),
  responses: z.number().int(),
  learners: z.number().int(),
  correct: z.number().int(),
  incorrect: z.number().int(),
  /** Correct responses among all responses, 0-100; null without responses. */
  correct_rate: z.number().nullable(),
  average_latency_seconds: z.number().nullable(),
  median_latency_seconds: z.number().nullable(),
  distribution: z.array(scormResponseShareSchema),
  /** Responses not listed in `distribution` (answers beyond the most frequent). */
  other_responses: z.number().int(),
});
export type ScormInteractionReport = z.infer<typeof scormInteractionReportSchema>;

/** One objective of one SCO across every attempt of a package. */
export const scormObjectiveReportSchema = z.object({
  sco_id: z.string(),
  sco_title: z.string(),
  objective_id: z.string(),
  description: z.string().nullable(),
  learners: z.number().int(),
  attempts: z.number().int(),
  completed: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  /** Mean scaled score, 0-100; null without scores. */
  average_score: z.number().nullable(),
});
export type ScormObjectiveReport = z.infer<typeof scormObjectiveReportSchema>;

export const scormInteractionReportListSchema = z.object({ interactions: z.array(scormInteractionReportSchema) });
export type ScormInteractionReportList = z.infer<typeof scormInteractionReportListSchema>;
export const scormObjectiveReportListSchema = z.object({ objectives: z.array(scormObjectiveReportSchema) });
export type ScormObjectiveReportList = z.infer<typeof scormObjectiveReportListSchema>;

/** One attempt in the signed-in learner's own history of an enrolment. */
export const scormOwnAttemptSchema = z.object({
  id: z.string(),
  sco_id: z.string(),
  sco_title: z.string(),
  number: z.number().int(),
  started_at: z.string(),
  /** When the attempt ended; null while it can still be resumed. */
  ended_at: z.string().nullable(),
  completion_status: z.string(),
  success_status: z.string(),
  /** Scaled score, 0-100; null without one. */
  score: z.number().nullable(),
  time_seconds: z.number(),
});
export type ScormOwnAttempt = z.infer<typeof scormOwnAttemptSchema>;

export const scormOwnAttemptListSchema = z.object({
  package_title: z.string(),
  /** Oldest first. */
  attempts: z.array(scormOwnAttemptSchema),
});
export type ScormOwnAttemptList = z.infer<typeof scormOwnAttemptListSchema>;
