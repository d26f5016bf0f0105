import { SCORM_API_ERROR_KINDS_MAX } from '@portal/shared/scorm';
import { describe, expect, it } from 'vitest';
import { createApiErrorTally } from './api-error-tally';

describe('the tally of refused API calls a commit takes to the server log', () => {
  it('counts a call refused in a loop once per code and element, in the order they first happened', () => {
    const tally = createApiErrorTally();
    for (let index = 0; index < 600; index += 1) tally.note(401, 'cmi.core.nothing');
    tally.note(301, null);
    tally.note(401, 'cmi.core.nothing');
    expect(tally.take()).toEqual([
      { code: 401, element: 'cmi.core.nothing', count: 601 },
      { code: 301, element: null, count: 1 },
    ]);
  });

  it('starts again after each take, so a commit reports only what came since the last one', () => {
    const tally = createApiErrorTally();
    tally.note(406, 'cmi.completion_status');
    expect(tally.take()).toHaveLength(1);
    expect(tally.take()).toEqual([]);
  });

  it('keeps the report within what the server accepts: few kinds and short element names', () => {
    const tally = createApiErrorTally();
    tally.note(401, `cmi.${'x'.repeat(1000)}`);
    for (let index = 0; index < SCORM_API_ERROR_KINDS_MAX + 5; index += 1) tally.note(401, `cmi.unknown_${index}`);
    const taken = tally.take();
    expect(taken).toHaveLength(SCORM_API_ERROR_KINDS_MAX);
    expect(taken[0]?.element).toHaveLength(255);
  });
});
