import {
  mergeRanges,
  TEXT_MIN_VIEW_SECONDS,
  VIDEO_COMPLETION_RATIO,
  VIDEO_MAX_PLAYBACK_RATE,
  VIDEO_REPORT_SLACK_SECONDS,
  type WatchedRange,
  watchedSeconds,
} from '@portal/shared/progress';
import type { StoredQuizQuestion } from '../../db/schema.ts';

/** Parts of `ranges` not already in `covered`, sorted and merged. */
export function subtractRanges(ranges: readonly WatchedRange[], covered: readonly WatchedRange[]): WatchedRange[] {
  const result: WatchedRange[] = [];
  const blocks = mergeRanges(covered);
  for (const [start, end] of mergeRanges(ranges)) {
    let cursor = start;
    for (const [blockStart, blockEnd] of blocks) {
      if (blockEnd <= cursor) continue;
      if (blockStart >= end) break;
      if (blockStart > cursor) result.push([cursor, blockStart]);
      cursor = Math.max(cursor, blockEnd);
      if (cursor >= end) break;
    }
    if (cursor < end) result.push([cursor, end]);
  }
  return result;
}

/** How many new watched seconds a report may add: real time since the previous report at the fastest playback rate. */
export function watchBudgetSeconds(sinceSeconds: number): number {
  return Math.max(0, sinceSeconds) * VIDEO_MAX_PLAYBACK_RATE + VIDEO_REPORT_SLACK_SECONDS;
}

/**
 * Adds reported played ranges to what was watched before, crediting new seconds only up to `budgetSeconds`
 * (earliest first), so a jump to the end or a fabricated range covering the whole video counts for nothing more
 * than the time that really passed.
 */
export function creditWatchedRanges({
  watched,
  reported,
  durationSeconds,
  budgetSeconds,
}: {
  watched: readonly WatchedRange[];
  reported: readonly WatchedRange[];
  durationSeconds: number;
  budgetSeconds: number;
}): { watched: WatchedRange[]; creditedSeconds: number; capped: boolean } {
  const clamped = reported.map(
    ([start, end]): WatchedRange => [
      Math.min(Math.max(start, 0), durationSeconds),
      Math.min(Math.max(end, 0), durationSeconds),
    ],
  );
  const fresh = subtractRanges(clamped, watched);
  let left = Math.max(0, budgetSeconds);
  const credited: WatchedRange[] = [];
  for (const [start, end] of fresh) {
    if (left <= 0) break;
    const take = Math.min(end - start, left);
    credited.push([start, start + take]);
    left -= take;
  }
  const creditedSeconds = watchedSeconds(credited);
  return {
    watched: mergeRanges([...watched, ...credited]),
    creditedSeconds,
    capped: creditedSeconds < watchedSeconds(fresh),
  };
}

export function isVideoWatched(watchedTotalSeconds: number, durationSeconds: number): boolean {
  return durationSeconds > 0 && watchedTotalSeconds >= durationSeconds * VIDEO_COMPLETION_RATIO;
}

/** A text lesson counts as read once the server has served it at least TEXT_MIN_VIEW_SECONDS ago. */
export function isTextViewed(firstOpenedAt: Date | null, now: Date): boolean {
  return firstOpenedAt !== null && now.getTime() - firstOpenedAt.getTime() >= TEXT_MIN_VIEW_SECONDS * 1000;
}

export function isPdfFinished(page: number, pageCount: number): boolean {
  return pageCount > 0 && page >= pageCount;
}

export type QuizAnswer = { question_id: string; choice_ids: string[] };

export type GradedAnswer = {
  question_id: string;
  correct: boolean;
  selected_choice_ids: string[];
  correct_choice_ids: string[];
  feedback: string;
};

export class InvalidQuizAnswer extends Error {}

/**
 * Grades answers against the quiz: a question is right when exactly its correct choices were picked.
 * Unanswered questions count as wrong; unknown questions or choices, repeats, or several picks on a
 * single-choice question make the submission invalid.
 */
export function gradeQuiz(
  quiz: { pass_mark: number; questions: readonly StoredQuizQuestion[] },
  answers: readonly QuizAnswer[],
): { score: number; passed: boolean; questions: GradedAnswer[] } {
  const byQuestion = new Map<string, string[]>();
  for (const answer of answers) {
    const question = quiz.questions.find((candidate) => candidate.id === answer.question_id);
    if (!question) throw new InvalidQuizAnswer('An answer refers to a question that is not in this quiz.');
    if (byQuestion.has(answer.question_id)) throw new InvalidQuizAnswer('A question was answered twice.');
    const choiceIds = new Set(answer.choice_ids);
    if (choiceIds.size !== answer.choice_ids.length) throw new InvalidQuizAnswer('A choice was picked twice.');
    if (answer.choice_ids.some((id) => !question.choices.some((choice) => choice.id === id))) {
      throw new InvalidQuizAnswer('An answer refers to a choice that is not in its question.');
    }
    if (question.kind === 'single' && answer.choice_ids.length > 1) {
      throw new InvalidQuizAnswer('Pick one answer for a single-choice question.');
    }
    byQuestion.set(answer.question_id, answer.choice_ids);
  }
  const questions = quiz.questions.map((question): GradedAnswer => {
    const selected = byQuestion.get(question.id) ?? [];
    const correctIds = question.choices.filter((choice) => choice.correct).map((choice) => choice.id);
    const correct = selected.length === correctIds.length && correctIds.every((id) => selected.includes(id));
    return {
      question_id: question.id,
      correct,
      selected_choice_ids: selected,
      correct_choice_ids: correctIds,
      feedback: correct ? question.feedback_correct : question.feedback_incorrect,
    };
  });
  const right = questions.filter((question) => question.correct).length;
  const score = questions.length === 0 ? 0 : Math.round((100 * right) / questions.length);
  return { score, passed: score >= quiz.pass_mark, questions };
}
