import { describe, expect, it } from 'vitest';
import { applySelectionAndRandomization, selectionSeedsIn } from './scorm-selection.ts';
import type { ScormEngineSequencing } from './scorm-sequencing.ts';

const QUESTIONS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'];

/** A course whose quiz draws `selectCount` of six questions, and maybe reorders them, with the given timings. */
const course = (controls: Record<string, boolean | number | string>): ScormEngineSequencing => ({
  activityTree: {
    id: 'org',
    title: 'Course',
    isVisible: true,
    children: [
      {
        id: 'quiz',
        title: 'Quiz',
        isVisible: true,
        sequencingControls: { flow: true, ...controls },
        children: QUESTIONS.map((id) => ({ id, title: id, isVisible: true })),
      },
      { id: 'summary', title: 'Summary', isVisible: true },
    ],
  },
});
const quizOf = (sequencing: ScormEngineSequencing) =>
  sequencing.activityTree.children?.find((child) => child.id === 'quiz');
const drawnIds = (sequencing: ScormEngineSequencing) => quizOf(sequencing)?.children?.map((child) => child.id);

describe('selection and randomization before the sequencing engine', () => {
  const onEachAttempt = course({
    selectCount: 3,
    selectionTiming: 'onEachNewAttempt',
    randomizeChildren: true,
    randomizationTiming: 'onEachNewAttempt',
  });

  it('draws the same subset and order for the same seeds, and takes the controls off the tree', () => {
    const seeds = { once: 'enrolment', attempt: 'attempt-1' };
    const first = applySelectionAndRandomization(onEachAttempt, seeds);
    const again = applySelectionAndRandomization(onEachAttempt, seeds);
    expect(drawnIds(first.sequencing)).toHaveLength(3);
    expect(drawnIds(again.sequencing)).toEqual(drawnIds(first.sequencing));
    expect([...first.leftOut].sort()).toEqual(QUESTIONS.filter((id) => !drawnIds(first.sequencing)?.includes(id)));
    expect(quizOf(first.sequencing)?.sequencingControls).toEqual({ flow: true });
    expect(first.sequencing.activityTree.children?.[1]?.id).toBe('summary');
  });

  it('draws anew for each new attempt with onEachNewAttempt, but not with once', () => {
    const draws = (sequencing: ScormEngineSequencing) =>
      new Set(
        Array.from({ length: 8 }, (_, attempt) =>
          drawnIds(
            applySelectionAndRandomization(sequencing, { once: 'enrolment', attempt: `a${attempt}` }).sequencing,
          )?.join(','),
        ),
      );
    expect(draws(onEachAttempt).size).toBeGreaterThan(1);
    const once = course({
      selectCount: 3,
      selectionTiming: 'once',
      randomizeChildren: true,
      randomizationTiming: 'once',
    });
    expect(draws(once).size).toBe(1);
  });

  it('keeps manifest order for a selection without reordering, and changes nothing with timing never', () => {
    const selectedOnly = course({ selectCount: 4, selectionTiming: 'once' });
    const ids = drawnIds(applySelectionAndRandomization(selectedOnly, { once: 's', attempt: 'a' }).sequencing) ?? [];
    expect(ids).toHaveLength(4);
    expect(ids).toEqual([...ids].sort());
    const never = course({ selectCount: 2, selectionTiming: 'never', randomizeChildren: true });
    expect(drawnIds(applySelectionAndRandomization(never, { once: 's', attempt: 'a' }).sequencing)).toEqual(QUESTIONS);
  });

  it('reads the seeds a saved sequencing state keeps, and nothing from a state without them or not JSON', () => {
    const seeds = { once: 'o', attempt: 'a' };
    expect(selectionSeedsIn(JSON.stringify({ sequencing: null, selectionSeeds: seeds }))).toEqual(seeds);
    expect(selectionSeedsIn(JSON.stringify({ sequencing: null }))).toBeNull();
    expect(selectionSeedsIn(JSON.stringify({ selectionSeeds: { once: 'o' } }))).toBeNull();
    expect(selectionSeedsIn('not json')).toBeNull();
    expect(selectionSeedsIn(null)).toBeNull();
  });
});
