import { describe, expect, it } from 'vitest';
import {
  buildLaunchCmi,
  flattenCmi,
  formatIsoDuration,
  formatScorm12Time,
  parseIsoDuration,
  parseScorm12Time,
  summarizeCmi,
  validateCommittedCmi,
} from './scorm-runtime.ts';

const SETTINGS = {
  parameters: null,
  mastery_score: null,
  completion_threshold: null,
  time_limit_action: null,
  data_from_lms: null,
  max_time_allowed: null,
  prerequisites: null,
};
const learner = { id: 'u1', name: 'Lena Learner' };

describe('SCORM run-time data on the server', () => {
  it('reads and writes session times in both standards’ formats', () => {
    expect(parseScorm12Time('0001:02:03.5')).toBe(3723.5);
    expect(parseScorm12Time('nonsense')).toBe(0);
    expect(parseIsoDuration('PT1H2M3.5S')).toBe(3723.5);
    expect(parseIsoDuration('P1DT1S')).toBe(86_401);
    expect(parseIsoDuration('PT')).toBe(0);
    expect(formatScorm12Time(3723.5)).toBe('0001:02:03.50');
    expect(formatIsoDuration(3723.5)).toBe('PT1H2M3.5S');
  });

  it('flattens interactions with id and type first, as the runtime needs them', () => {
    expect(flattenCmi({ interactions: { '0': { result: 'correct', type: 'choice', id: 'q1' } } })).toEqual([
      ['cmi.interactions.0.id', 'q1'],
      ['cmi.interactions.0.type', 'choice'],
      ['cmi.interactions.0.result', 'correct'],
    ]);
  });

  it('refuses SCORM 2004 values out of range or of the wrong type with the runtime’s error codes', () => {
    const launchCmi = buildLaunchCmi({
      family: '2004',
      learner,
      settings: SETTINGS,
      stored: null,
      entry: 'ab-initio',
      totalSeconds: 0,
      mode: 'normal',
    });
    expect(validateCommittedCmi({ family: '2004', launchCmi, committed: { score: { scaled: '1.5' } } })).toMatchObject({
      ok: false,
      errorCode: 407,
    });
    expect(
      validateCommittedCmi({ family: '2004', launchCmi, committed: { completion_status: 'finished' } }),
    ).toMatchObject({ ok: false, errorCode: 406 });
    expect(
      validateCommittedCmi({ family: '2004', launchCmi, committed: { suspend_data: 'x'.repeat(64_001) } }),
    ).toMatchObject({ ok: false, errorCode: 406 });
    // Elements the LMS owns are ignored rather than refused: content echoes them back in every commit.
    expect(
      validateCommittedCmi({ family: '2004', launchCmi, committed: { learner_id: 'someone-else', location: 'p2' } }),
    ).toEqual({ ok: true, warnings: [] });
  });

  it('keeps SCORM 1.2 suspend data over 4,096 characters whole, with a warning', () => {
    const launchCmi = buildLaunchCmi({
      family: '1.2',
      learner,
      settings: SETTINGS,
      stored: null,
      entry: 'ab-initio',
      totalSeconds: 0,
      mode: 'normal',
    });
    const result = validateCommittedCmi({ family: '1.2', launchCmi, committed: { suspend_data: 'x'.repeat(5000) } });
    expect(result).toMatchObject({ ok: true, warnings: [expect.stringContaining('5000 characters')] });
  });

  it('decides pass or fail from a SCORM 1.2 mastery score and scales the raw score', () => {
    const summary = summarizeCmi({
      family: '1.2',
      cmi: {
        core: { lesson_status: 'completed', score: { raw: '72', min: '0', max: '100' }, session_time: '00:10:00' },
      },
      settings: { mastery_score: 80 },
    });
    expect(summary).toMatchObject({
      completionStatus: 'completed',
      successStatus: 'failed',
      scoreScaled: 0.72,
      sessionSeconds: 600,
    });
  });

  it('hands back resumed data with the LMS’s own values on top and without the last session’s exit', () => {
    const cmi = buildLaunchCmi({
      family: '2004',
      learner,
      settings: { ...SETTINGS, mastery_score: 0.8, data_from_lms: 'level=2' },
      stored: { location: 'p3', exit: 'suspend', session_time: 'PT1M', learner_id: 'forged' },
      entry: 'resume',
      totalSeconds: 90,
      mode: 'normal',
    });
    expect(cmi).toMatchObject({
      location: 'p3',
      entry: 'resume',
      learner_id: 'u1',
      total_time: 'PT0H1M30S',
      scaled_passing_score: '0.8',
      launch_data: 'level=2',
    });
    expect(cmi).not.toHaveProperty('exit');
    expect(cmi).not.toHaveProperty('session_time');
  });
});
