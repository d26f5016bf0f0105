import type { Citation, CoachLanguage, Proposal } from '@portal/shared/coach';
import type { PendingQuiz } from './coach.table.ts';
import type { LessonHit, WeakLesson } from './coach-context.repository.ts';

/** What the coach knows about the signed-in learner, and nothing about anyone else. */
export type LearnerSummary = {
  timeZone: string;
  today: string;
  cards: { due: number; fresh: number; total: number; reviews30d: number; retention: number | null };
  goals: {
    title: string;
    kind: string;
    percent: number;
    atRisk: boolean;
    dueDate: string | null;
    targetMinutes: number | null;
  }[];
  streak: { current: number; longest: number; todayDone: boolean };
  xp: { total: number; level: number };
  studyMinutes: { today: number; week: number };
  weakLessons: WeakLesson[];
  /** Live sessions the learner hosts or answered going or maybe to, in the next 7 days, soonest first. */
  liveSessions: { title: string; startsAt: Date; url: string }[];
  inProgress: {
    courseId: string;
    courseTitle: string;
    percent: number;
    next: { lessonId: string; lessonTitle: string } | null;
  }[];
};

/** A lesson found for the message, numbered so a model can cite it as [P1], [P2]… */
export type Passage = LessonHit & { ref: string };

export type CoachTurn = {
  language: CoachLanguage;
  message: string;
  /** Earlier messages of the conversation, oldest first. */
  history: { role: 'user' | 'assistant'; content: string }[];
  learner: LearnerSummary;
  passages: Passage[];
  /** Quiz lessons of the courses the passages come from (without a subject: of the learner's current courses). */
  courseQuizzes: LessonHit[];
  /** The learner's own flashcards about the message's subject. */
  cards: { front: string; back: string }[];
  topic: string[];
  /** The question the coach asked last, which this message may answer. */
  pendingQuiz: PendingQuiz | null;
};

/** What a reply brings besides its text. */
export type CoachReplyMeta = {
  citations: Citation[];
  proposals: Proposal[];
  quiz: PendingQuiz | null;
};

/** A failure of the provider: the message is not counted and the learner sees a clear text. */
export class CoachProviderError extends Error {
  constructor(
    readonly code: 'coach_unavailable' | 'coach_rate_limited' | 'coach_timeout',
    message: string,
  ) {
    super(message);
    this.name = 'CoachProviderError';
  }
}

/** Writes the answer to a turn piece by piece; returns its citations, proposals and any question it asked. */
export interface CoachProvider {
  readonly name: 'grounded' | 'openai';
  reply(turn: CoachTurn, signal: AbortSignal): AsyncGenerator<string, CoachReplyMeta>;
}
