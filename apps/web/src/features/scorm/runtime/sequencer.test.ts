import type { ScormEngineSequencing } from '@portal/shared/scorm-sequencing';
import { describe, expect, it } from 'vitest';
import { createSequencer } from './sequencer';

/** Two SCOs in a flow cluster; the second is disabled until the first writes its shared objective as passed. */
const GATED: ScormEngineSequencing = {
  activityTree: {
    id: 'org',
    title: 'Course',
    isVisible: true,
    sequencingControls: { choice: true, flow: true },
    children: [
      {
        id: 'one',
        title: 'One',
        isVisible: true,
        primaryObjective: {
          objectiveID: 'one-passed',
          mapInfo: [{ targetObjectiveID: 'g', writeSatisfiedStatus: true }],
        },
      },
      {
        id: 'two',
        title: 'Two',
        isVisible: true,
        objectives: [{ objectiveID: 'gate', mapInfo: [{ targetObjectiveID: 'g', readSatisfiedStatus: true }] }],
        sequencingRules: {
          preConditionRules: [
            {
              action: 'disabled',
              conditionCombination: 'all',
              conditions: [{ condition: 'satisfied', referencedObjective: 'gate', operator: 'not' }],
            },
          ],
          exitConditionRules: [],
          postConditionRules: [],
        },
      },
    ],
  },
};

/** Two SCOs, freely chosen. */
const OPEN: ScormEngineSequencing = {
  activityTree: {
    id: 'org',
    title: 'Course',
    isVisible: true,
    sequencingControls: { choice: true, flow: true },
    children: [
      { id: 'one', title: 'One', isVisible: true },
      { id: 'two', title: 'Two', isVisible: true },
    ],
  },
};

/** A quiz cluster that picks two of its four questions per attempt, in random order. */
const RANDOMIZED: ScormEngineSequencing = {
  activityTree: {
    id: 'org',
    title: 'Course',
    isVisible: true,
    sequencingControls: { choice: true, flow: true },
    children: [
      {
        id: 'quiz',
        title: 'Quiz',
        isVisible: true,
        sequencingControls: {
          choice: true,
          flow: true,
          selectCount: 2,
          selectionTiming: 'onEachNewAttempt',
          randomizeChildren: true,
          randomizationTiming: 'onEachNewAttempt',
        },
        children: ['q1', 'q2', 'q3', 'q4'].map((id) => ({ id, title: id, isVisible: true })),
      },
    ],
  },
};

const QUIET = { logLevel: 5 as const, lmsCommitUrl: false as const, autocommit: false };

function visit(initialState: string | null, sequencing: ScormEngineSequencing = GATED) {
  const saved: string[] = [];
  const sequencer = createSequencer({
    sequencing,
    initialState,
    save: async (state) => {
      saved.push(state);
      return true;
    },
  });
  /** Runs the delivered SCO to its Terminate, as the content would. */
  const runSco = (successStatus: string, navRequest = 'continue') => {
    const api = sequencer.createRuntimeApi(QUIET);
    api.lmsInitialize();
    api.SetValue('cmi.completion_status', 'completed');
    api.SetValue('cmi.success_status', successStatus);
    api.SetValue('adl.nav.request', navRequest);
    api.lmsFinish();
    return sequencer.afterTerminate(api);
  };
  return { sequencer, saved, runSco };
}

describe('SCORM 2004 sequencing across fresh runtime APIs', () => {
  it('starts at the first SCO and keeps the second disabled while the shared objective is failed', async () => {
    const { sequencer, saved, runSco } = visit(null);
    expect(sequencer.begin(null)).toEqual({ kind: 'deliver', itemId: 'one' });
    expect(runSco('failed')).toMatchObject({ kind: 'stay' });
    const view = sequencer.view();
    expect(view.choosable.has('two')).toBe(false);
    expect(view.choosable.has('one')).toBe(true);
    await sequencer.flush();
    expect(saved.length).toBeGreaterThan(0);
  });

  it('delivers the second SCO once the first passed, and a later visit resumes it with the shared objective', async () => {
    const first = visit(null);
    first.sequencer.begin(null);
    expect(first.runSco('passed')).toEqual({ kind: 'deliver', itemId: 'two' });
    expect(first.sequencer.view()).toMatchObject({ previousEnabled: true });
    await first.sequencer.flush();

    const again = visit(first.saved.at(-1) ?? null);
    expect(again.sequencer.begin('one')).toEqual({ kind: 'deliver', itemId: 'two' });
    const api = again.sequencer.createRuntimeApi(QUIET);
    api.lmsInitialize();
    expect(api.GetValue('cmi.objectives.0.id')).toBe('gate');
    expect(api.GetValue('cmi.objectives.0.success_status')).toBe('passed');
  });

  it('lets the learner go back with Previous while a SCO runs, ending its attempt first', () => {
    const { sequencer, runSco } = visit(null);
    sequencer.begin(null);
    runSco('passed');
    const running = sequencer.createRuntimeApi(QUIET);
    running.lmsInitialize();
    expect(sequencer.navigate('previous')).toEqual({ kind: 'deliver', itemId: 'one' });
    // The replaced SCO terminating on unload does not navigate again.
    running.lmsFinish();
    expect(sequencer.afterTerminate(running)).toBeNull();
  });

  it('ends the session when the content suspends all, and the next visit resumes the suspended SCO', async () => {
    const first = visit(null);
    first.sequencer.begin(null);
    first.runSco('passed');
    const api = first.sequencer.createRuntimeApi(QUIET);
    api.lmsInitialize();
    api.SetValue('cmi.exit', 'suspend');
    api.SetValue('adl.nav.request', 'suspendAll');
    api.lmsFinish();
    expect(first.sequencer.afterTerminate(api)).toEqual({ kind: 'end', reason: 'suspend_all' });
    await first.sequencer.flush();

    const again = visit(first.saved.at(-1) ?? null);
    expect(again.sequencer.begin('one')).toEqual({ kind: 'deliver', itemId: 'two' });
  });
  it('delivers first the first of the questions a randomized cluster drew, and the same draw after a reload', async () => {
    const first = visit(null, RANDOMIZED);
    const delivered = first.sequencer.begin(null);
    const view = first.sequencer.view();
    const selected = view.order.filter((id) => /^q\d$/.test(id));
    expect(selected).toHaveLength(2);
    expect(['q1', 'q2', 'q3', 'q4'].filter((id) => view.hidden.has(id)).sort()).toEqual(
      ['q1', 'q2', 'q3', 'q4'].filter((id) => !selected.includes(id)),
    );
    expect(delivered).toEqual({ kind: 'deliver', itemId: selected[0] });
    expect(first.runSco('passed')).toEqual({ kind: 'deliver', itemId: selected[1] });
    await first.sequencer.flush();

    const again = visit(first.saved.at(-1) ?? null, RANDOMIZED);
    expect(again.sequencer.begin(null)).toEqual({ kind: 'deliver', itemId: selected[1] });
    expect(again.sequencer.view()).toMatchObject({ order: view.order, hidden: view.hidden });
  });

  it('starts a new course attempt from the first SCO when the learner comes back after the course ended', async () => {
    const first = visit(null, OPEN);
    expect(first.sequencer.begin('one')).toEqual({ kind: 'deliver', itemId: 'one' });
    expect(first.runSco('passed')).toEqual({ kind: 'deliver', itemId: 'two' });
    expect(first.runSco('passed')).toMatchObject({ kind: 'end' });
    await first.sequencer.flush();

    for (const requested of ['one', 'two', null]) {
      const again = visit(first.saved.at(-1) ?? null, OPEN);
      expect(again.sequencer.begin(requested)).toEqual({ kind: 'deliver', itemId: 'one' });
    }
  });

  it('takes a learner whose enrolment has runtime history but no kept state back to their last SCO, if choice allows', () => {
    const open = visit(null, OPEN);
    expect(open.sequencer.begin('one', 'two')).toEqual({ kind: 'deliver', itemId: 'two' });
    // The same history in a course that allows no choice: it starts as usual.
    const flowOnly: ScormEngineSequencing = {
      activityTree: { ...OPEN.activityTree, sequencingControls: { choice: false, flow: true } },
    };
    expect(visit(null, flowOnly).sequencer.begin('one', 'two')).toEqual({ kind: 'deliver', itemId: 'one' });
  });
});
