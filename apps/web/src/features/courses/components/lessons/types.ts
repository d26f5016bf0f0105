import type { CompletionChange, LessonView } from '@portal/shared/progress';
import type { LessonPosition } from '@/lib/lesson-context';

/** What every lesson body gets from the player. */
export type LessonBodyProps<K extends LessonView['content']['kind']> = {
  view: LessonView & { content: Extract<LessonView['content'], { kind: K }> };
  /** A position asked for in the address (a note's link), else null to use the saved one. */
  startPosition: LessonPosition | null;
  onPositionChange: (position: LessonPosition) => void;
  /** Lets the player move the lesson to a position (e.g. from a note). */
  registerSeek: (seek: ((position: LessonPosition) => void) | null) => void;
  onChanges: (changes: CompletionChange) => void;
};
