import type { ReactNode } from 'react';

export type LessonPosition = { kind: 'video'; seconds: number } | { kind: 'pdf'; page: number };

/** What the course player tells a panel rendered beside the open lesson (e.g. notes pinned to a moment). */
export type LessonContext = {
  courseId: string;
  lessonId: string;
  lessonTitle: string;
  position: { kind: 'video'; seconds: number } | { kind: 'pdf'; page: number } | null;
  seekTo: (position: { kind: 'video'; seconds: number } | { kind: 'pdf'; page: number }) => void;
};

/** Renders a panel beside the lesson; composed in by the app. */
export type LessonAside = (context: LessonContext) => ReactNode;
