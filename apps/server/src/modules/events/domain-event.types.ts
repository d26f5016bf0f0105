import { z } from 'zod';

const id = z.string().min(1);

/** What each domain event carries besides who (`userId`) and what it is about (`subjectId`). */
export const domainEventPayloads = {
  'lesson.completed': z.object({ lessonId: id, moduleId: id, courseId: id }),
  'module.completed': z.object({ moduleId: id, courseId: id }),
  'course.completed': z.object({ courseId: id }),
  'quiz.passed': z.object({ lessonId: id, courseId: id, score: z.number(), passMark: z.number() }),
  'scorm.completed': z.object({ packageId: id, enrollmentId: id, scoId: id }),
  'scorm.passed': z.object({ packageId: id, enrollmentId: id, scoId: id, score: z.number().nullable() }),
  'note.created': z.object({ noteId: id }),
  'goal.completed': z.object({ goalId: id }),
  'study_session.completed': z.object({ sessionId: id, mode: z.string(), focusedMinutes: z.number().min(0) }),
  /** Subject `<cardId>:<local day>`: one award per card per day. */
  'flashcard.reviewed': z.object({ cardId: id, day: z.string(), rating: z.string() }),
  /** Subject: the live session; attending earns once per session. */
  'live_session.attended': z.object({ sessionId: id }),
  /** Subject: the game round the server issued; a round earns once. */
  'game.completed': z.object({ roundId: id, game: z.string(), correct: z.number().int().min(0) }),
} as const;

export type DomainEventType = keyof typeof domainEventPayloads;
export const DOMAIN_EVENT_TYPES = Object.keys(domainEventPayloads) as DomainEventType[];

/** An event as a service records it. */
export type DomainEventInput = {
  [T in DomainEventType]: {
    type: T;
    userId: string;
    /** The object the event is about (lesson, course, package...): the same event on the same subject counts once. */
    subjectId: string;
    payload: z.infer<(typeof domainEventPayloads)[T]>;
  };
}[DomainEventType];

/** An event as subscribers receive it. */
export type DomainEvent = DomainEventInput & { id: string; occurredAt: Date };
