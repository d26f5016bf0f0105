import type {
  CoachMessage,
  CoachStreamEvent,
  CoachUsage,
  Conversation,
  SendMessageBody,
  Suggestion,
} from '@portal/shared/coach';
import { withoutPassageMarkers } from '@portal/shared/coach';
import { COACH_DAILY_MESSAGES, type Tier } from '@portal/shared/tiers';
import { todayIn } from '@portal/shared/time-zone';
import { AppError } from '../../errors.ts';
import { subscriptionRequired } from '../subscription/subscription.errors.ts';
import {
  type CoachProvider,
  CoachProviderError,
  type CoachReplyMeta,
  type CoachTurn,
  type LearnerSummary,
} from './coach.provider.ts';
import type { CoachRepository, ConversationRow, MessageRow } from './coach.repository.ts';
import type { CoachContextService } from './coach-context.service.ts';

const conversationNotFound = () => new AppError('not_found', 'Conversation not found.');
/** A new conversation is named after the start of its first question. */
const TITLE_CHARS = 60;
const MORE_MESSAGES: Record<Tier, Tier | null> = { calm: 'me', me: 'us', us: 'universal', universal: null };

export const presentConversation = (row: ConversationRow): Conversation => ({
  id: row.id,
  title: row.title,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const presentMessage = (row: MessageRow): CoachMessage => ({
  id: row.id,
  role: row.role,
  content: row.content,
  status: row.status,
  citations: row.citations,
  proposals: row.proposals,
  created_at: row.createdAt.toISOString(),
});

/**
 * The earlier messages a provider may see: only questions that got an answer, each followed by it, so a model never
 * receives unanswered questions in a row (a failed turn from before failed turns were removed, or a crash).
 */
export function answeredTurns(messages: Pick<MessageRow, 'role' | 'content'>[]): CoachTurn['history'] {
  return messages.flatMap((message, index) => {
    const next = messages[index + 1];
    if (message.role !== 'user' || next?.role !== 'assistant' || !next.content.trim()) return [];
    return [
      { role: 'user' as const, content: message.content },
      { role: 'assistant' as const, content: next.content },
    ];
  });
}

type UsageDeps = {
  repository: CoachRepository;
  tierOf: (userId: string) => Promise<Tier | null>;
  timeZoneOf: (userId: string) => Promise<string>;
  now: () => Date;
};

/** The refusal of a message over today's limit, naming the tier that would allow more. */
function limitReached(current: CoachUsage) {
  const more = MORE_MESSAGES[current.tier ?? 'calm'] ?? 'universal';
  const limit = COACH_DAILY_MESSAGES[more];
  return subscriptionRequired(
    more,
    `You have used today's ${current.limit} coach messages. The ${more} plan allows ${limit === null ? 'unlimited messages' : `${limit} a day`}.`,
  );
}

function createCoachUsage({ repository, tierOf, timeZoneOf, now }: UsageDeps) {
  async function usage(userId: string): Promise<CoachUsage> {
    const [tier, timeZone] = await Promise.all([tierOf(userId), timeZoneOf(userId)]);
    const day = todayIn(timeZone, now());
    const limit = COACH_DAILY_MESSAGES[tier ?? 'calm'];
    const used = await repository.usedOn(userId, day);
    return { tier, limit, used, remaining: limit === null ? null : Math.max(limit - used, 0), day };
  }

  /** Counts the message against today's limit, or refuses with the tier that would allow more. */
  async function reserve(userId: string): Promise<CoachUsage> {
    const current = await usage(userId);
    const refused = current.limit === 0 || !(await repository.reserve(userId, current.day, current.limit));
    if (refused) throw limitReached(current);
    return { ...current, used: current.used + 1, remaining: current.remaining === null ? null : current.remaining - 1 };
  }

  return { usage, reserve };
}

async function requireConversation(repository: CoachRepository, userId: string, conversationId: string) {
  const conversation = await repository.findConversation(userId, conversationId);
  if (!conversation) throw conversationNotFound();
  return conversation;
}

/** What the coach offers to start with: studying, due cards, the weakest lesson, the next lesson, progress. */
function suggestionsFor(learner: LearnerSummary): Suggestion[] {
  const suggestions: Suggestion[] = [{ kind: 'study_now', topic: null }];
  if (learner.cards.due > 0) suggestions.push({ kind: 'review_cards', topic: null });
  const weak = learner.weakLessons[0];
  if (weak) suggestions.push({ kind: 'quiz', topic: weak.lessonTitle });
  const next = learner.inProgress.find((course) => course.next)?.next;
  if (next) suggestions.push({ kind: 'explain', topic: next.lessonTitle });
  suggestions.push({ kind: 'progress', topic: null }, { kind: 'plan_week', topic: null });
  return suggestions.slice(0, 5);
}

function createConversations({
  repository,
  context,
  provider,
  usage,
}: {
  repository: CoachRepository;
  context: CoachContextService;
  provider: CoachProvider;
  usage: (userId: string) => Promise<CoachUsage>;
}) {
  return {
    async overview(userId: string) {
      const [currentUsage, learner] = await Promise.all([usage(userId), context.summary(userId)]);
      return { usage: currentUsage, suggestions: suggestionsFor(learner), provider: provider.name };
    },

    async list(userId: string) {
      return (await repository.listConversations(userId)).map(presentConversation);
    },

    async create(userId: string, title?: string) {
      return presentConversation(await repository.insertConversation(userId, title ?? ''));
    },

    async get(userId: string, conversationId: string) {
      const conversation = await requireConversation(repository, userId, conversationId);
      const messages = await repository.listMessages(userId, conversationId);
      return { conversation: presentConversation(conversation), messages: messages.map(presentMessage) };
    },

    async remove(userId: string, conversationId: string) {
      if (!(await repository.deleteConversation(userId, conversationId))) throw conversationNotFound();
    },

    removeAll: (userId: string) => repository.deleteAllConversations(userId),
  };
}

type Emit = (event: CoachStreamEvent) => void;

type SendDeps = {
  repository: CoachRepository;
  context: CoachContextService;
  provider: CoachProvider;
  logError: (error: unknown) => void;
  usage: (userId: string) => Promise<CoachUsage>;
  reserve: (userId: string) => Promise<CoachUsage>;
};

/** Streams the provider's answer through `emit` until `signal` stops it; answers the whole text and its meta. */
async function streamAnswer(
  provider: CoachProvider,
  turn: CoachTurn,
  emit: Emit,
  signal: AbortSignal,
): Promise<{ text: string; meta: CoachReplyMeta }> {
  const reply = provider.reply(turn, signal);
  let text = '';
  for (;;) {
    const next = await reply.next();
    if (next.done) return { text, meta: next.value };
    text += next.value;
    if (!signal.aborted) emit({ event: 'token', data: { text: next.value } });
  }
}

/** Removes the unanswered question, gives the counted message back and tells the learner why. */
async function failTurn(
  { repository, logError, usage }: SendDeps,
  { userId, questionId, day }: { userId: string; questionId: string; day: string },
  error: unknown,
  emit: Emit,
) {
  // A question without an answer is not kept: the learner gets it back in the message box to send again.
  await repository.deleteMessage(userId, questionId);
  await repository.release(userId, day);
  const failure =
    error instanceof CoachProviderError
      ? error
      : new CoachProviderError(
          'coach_unavailable',
          'The coach could not answer. Try again; this message was not counted.',
        );
  if (!(error instanceof CoachProviderError)) logError(error);
  emit({ event: 'error', data: { code: failure.code, message: failure.message, usage: await usage(userId) } });
}

/** Stores the answer, whole or as far as it got, and names a new conversation after its first question. */
async function storeAnswer(
  repository: CoachRepository,
  {
    userId,
    conversation,
    content,
    answer,
    signal,
  }: {
    userId: string;
    conversation: ConversationRow;
    content: string;
    answer: { text: string; meta: CoachReplyMeta };
    signal: AbortSignal;
  },
) {
  const stored = await repository.insertMessage({
    userId,
    conversationId: conversation.id,
    role: 'assistant',
    content: withoutPassageMarkers(answer.text),
    status: signal.aborted ? 'stopped' : 'complete',
    citations: answer.meta.citations,
    proposals: answer.meta.proposals,
    quiz: signal.aborted ? null : answer.meta.quiz,
  });
  const title = conversation.title ? undefined : content.trim().slice(0, TITLE_CHARS);
  await repository.touchConversation(userId, conversation.id, title);
  return stored;
}

function createCoachSend(deps: SendDeps) {
  const { repository, context, provider, reserve } = deps;
  return {
    /**
     * Checks and counts a message before anything is streamed (404, 402); the returned `stream` then stores the
     * question, writes the answer through `emit` and stores it, whole or as far as it got before `signal` stopped it;
     * when the provider fails, the question is removed again and the message not counted.
     */
    async prepareSend(userId: string, conversationId: string, body: Required<SendMessageBody>) {
      const conversation = await requireConversation(repository, userId, conversationId);
      const reserved = await reserve(userId);
      return async (emit: Emit, signal: AbortSignal) => {
        const earlier = await repository.listMessages(userId, conversationId);
        const last = earlier.at(-1);
        const question = await repository.insertMessage({
          userId,
          conversationId,
          role: 'user',
          content: body.content,
        });
        emit({ event: 'start', data: { user_message: presentMessage(question), usage: reserved } });
        let answer: { text: string; meta: CoachReplyMeta };
        try {
          const turn = await context.turn({
            userId,
            language: body.language,
            message: body.content,
            history: answeredTurns(earlier),
            pendingQuiz: last?.role === 'assistant' ? (last.quiz ?? null) : null,
          });
          answer = await streamAnswer(provider, turn, emit, signal);
        } catch (error) {
          await failTurn(deps, { userId, questionId: question.id, day: reserved.day }, error, emit);
          return;
        }
        const stored = await storeAnswer(repository, { userId, conversation, content: body.content, answer, signal });
        emit({ event: 'done', data: { message: presentMessage(stored), usage: reserved } });
      };
    },
  };
}

export function createCoachService({
  repository,
  context,
  provider,
  tierOf,
  timeZoneOf,
  now,
  logError,
}: {
  repository: CoachRepository;
  context: CoachContextService;
  provider: CoachProvider;
  tierOf: (userId: string) => Promise<Tier | null>;
  timeZoneOf: (userId: string) => Promise<string>;
  now: () => Date;
  logError: (error: unknown) => void;
}) {
  const { usage, reserve } = createCoachUsage({ repository, tierOf, timeZoneOf, now });
  return {
    usage,
    ...createConversations({ repository, context, provider, usage }),
    ...createCoachSend({ repository, context, provider, logError, usage, reserve }),
  };
}
export type CoachService = ReturnType<typeof createCoachService>;
