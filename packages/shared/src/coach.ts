/**
 * The AI study coach: conversations stored per learner, answers streamed as server-sent events.
 *
 *   GET    /api/coach/overview                        -> coachOverviewSchema (messages left today, suggestions)
 *   GET    /api/coach/conversations                   -> conversationListSchema
 *   POST   /api/coach/conversations    createConversationBodySchema -> conversationEnvelopeSchema (201)
 *   GET    /api/coach/conversations/:conversationId   -> conversationDetailSchema
 *   DELETE /api/coach/conversations/:conversationId   -> 204
 *   DELETE /api/coach/conversations                   -> 204 (all of the learner's conversations)
 *   POST   /api/coach/conversations/:conversationId/messages sendMessageBodySchema -> text/event-stream of
 *          `start` {user_message, usage}, `token` {text}…, then `done` {message, usage} or `error` {code, message}
 *   POST   /api/coach/messages/:messageId/proposals/:proposalId/confirm -> proposalResultSchema (writes it)
 *   POST   /api/coach/messages/:messageId/proposals/:proposalId/dismiss -> proposalResultSchema
 * Over the daily limit the send answers 402 `subscription_required` with the tier that allows more in reasons[0].
 */
import { z } from 'zod';
import { tierSchema } from './tiers.ts';

export const COACH_MESSAGE_MAX = 2000;

/** A model cites the passages it was given as `[P1]`; the learner sees the cited lessons as links instead. */
export const withoutPassageMarkers = (text: string) => text.replace(/[ \t]*\[P\d+\]/g, '');
export const COACH_TITLE_MAX = 120;
export const COACH_LANGUAGES = ['en', 'zh', 'de'] as const;
export const coachLanguageSchema = z.enum(COACH_LANGUAGES);
export type CoachLanguage = z.infer<typeof coachLanguageSchema>;

export const COACH_INTENTS = ['study_now', 'explain', 'quiz', 'progress', 'plan_week', 'answer', 'help'] as const;
export type CoachIntent = (typeof COACH_INTENTS)[number];

/** Codes of the `error` event: the provider failed, and the message was not counted. */
export const COACH_STREAM_ERRORS = ['coach_unavailable', 'coach_rate_limited', 'coach_timeout'] as const;
export type CoachStreamError = (typeof COACH_STREAM_ERRORS)[number];

export const citationSchema = z.object({
  lesson_id: z.string(),
  course_id: z.string(),
  lesson_title: z.string(),
  course_title: z.string(),
  /** The lesson in the course player: /dashboard/learner/course/{course}?lesson={lesson}. */
  url: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const flashcardsProposalSchema = z
  .object({
    deck_name: z.string().trim().min(1).max(120),
    cards: z
      .array(z.object({ front: z.string().trim().min(1).max(1000), back: z.string().trim().min(1).max(1000) }).strict())
      .min(1)
      .max(20),
  })
  .strict();
export type FlashcardsProposal = z.infer<typeof flashcardsProposalSchema>;

export const goalProposalSchema = z
  .object({
    title: z.string().trim().min(1).max(120),
    kind: z.enum(['study_minutes_weekly', 'xp_weekly', 'checklist']),
    target_minutes: z.number().int().min(1).max(10_080).optional(),
    target_xp: z.number().int().min(1).max(100_000).optional(),
    items: z.array(z.string().trim().min(1).max(200)).min(1).max(20).optional(),
  })
  .strict();
export type GoalProposal = z.infer<typeof goalProposalSchema>;

export const PROPOSAL_STATUSES = ['pending', 'confirmed', 'dismissed'] as const;
export const proposalSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.string(),
    kind: z.literal('create_flashcards'),
    status: z.enum(PROPOSAL_STATUSES),
    flashcards: flashcardsProposalSchema,
  }),
  z.object({
    id: z.string(),
    kind: z.literal('add_goal'),
    status: z.enum(PROPOSAL_STATUSES),
    goal: goalProposalSchema,
  }),
]);
export type Proposal = z.infer<typeof proposalSchema>;

export const MESSAGE_STATUSES = ['complete', 'stopped'] as const;
export const coachMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  citations: z.array(citationSchema),
  proposals: z.array(proposalSchema),
  created_at: z.string(),
});
export type CoachMessage = z.infer<typeof coachMessageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({ conversations: z.array(conversationSchema) });
export const conversationEnvelopeSchema = z.object({ conversation: conversationSchema });
export const conversationDetailSchema = z.object({
  conversation: conversationSchema,
  messages: z.array(coachMessageSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const createConversationBodySchema = z
  .object({ title: z.string().trim().min(1).max(COACH_TITLE_MAX).optional() })
  .strict();
export const conversationParamsSchema = z.object({ conversationId: z.uuid() });
export const proposalParamsSchema = z.object({ messageId: z.uuid(), proposalId: z.string().min(1).max(64) });

export const sendMessageBodySchema = z
  .object({
    content: z
      .string()
      .max(COACH_MESSAGE_MAX, `A message can have at most ${COACH_MESSAGE_MAX} characters.`)
      .refine((text) => text.trim().length > 0, 'Write a message first.'),
    language: coachLanguageSchema.default('en'),
  })
  .strict();
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

export const coachUsageSchema = z.object({
  tier: tierSchema.nullable(),
  /** null: unlimited. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
  /** The learner's local day the count belongs to. */
  day: z.string(),
});
export type CoachUsage = z.infer<typeof coachUsageSchema>;

export const SUGGESTION_KINDS = ['study_now', 'review_cards', 'quiz', 'explain', 'progress', 'plan_week'] as const;
export const suggestionSchema = z.object({ kind: z.enum(SUGGESTION_KINDS), topic: z.string().nullable() });
export type Suggestion = z.infer<typeof suggestionSchema>;

export const coachOverviewSchema = z.object({
  usage: coachUsageSchema,
  suggestions: z.array(suggestionSchema),
  provider: z.enum(['grounded', 'openai']),
});
export type CoachOverview = z.infer<typeof coachOverviewSchema>;

export const proposalResultSchema = z.object({ message: coachMessageSchema });

/** The events of a send, in order: one `start`, any number of `token`, then `done` or `error`. */
export type CoachStreamEvent =
  | { event: 'start'; data: { user_message: CoachMessage; usage: CoachUsage } }
  | { event: 'token'; data: { text: string } }
  | { event: 'done'; data: { message: CoachMessage; usage: CoachUsage } }
  | { event: 'error'; data: { code: CoachStreamError; message: string; usage: CoachUsage } };

/** The lesson link the coach cites. */
export const lessonHref = (courseId: string, lessonId: string) =>
  `/dashboard/learner/course/${courseId}?lesson=${encodeURIComponent(lessonId)}`;
