import type { ScormAttemptStart } from '@portal/shared/scorm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScoRuntime } from './sco-runtime';

const SCO_ID = '5b0f2a52-9d7e-4c8e-a0a4-1f1e3f6b7c11';
const ATTEMPT: ScormAttemptStart = {
  attempt_id: '0c0c9c6e-3c43-4b8a-9d3e-6f0f6b2f7a10',
  number: 1,
  entry: 'resume',
  cmi: { core: { student_id: 'learner-1', student_name: 'Learner', entry: 'resume' } },
  learner: { id: 'learner-1', name: 'Learner' },
  commit_sequence: 4,
};

/** Every commit the runtime sent, synchronously (scorm-again) or with fetch (page hide, unload). */
let sent: Array<{ url: string; body: Record<string, unknown> }> = [];
let answer: object = { result: true, errorCode: 0 };

class RecordingXhr {
  url = '';
  responseText = '';
  status = 0;
  withCredentials = false;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: string) {
    sent.push({ url: this.url, body: JSON.parse(body) });
    this.status = 200;
    this.responseText = JSON.stringify(answer);
  }
}

describe('the SCO runtime in the player', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    answer = { result: true, errorCode: 0 };
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify(answer));
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const start = (events: Parameters<typeof startScoRuntime>[0]['events'] = {}) =>
    startScoRuntime({
      version: '1.2',
      scoId: SCO_ID,
      attempt: ATTEMPT,
      contentOrigin: 'http://127.0.0.1:3001',
      record: true,
      events,
    });

  it('numbers every commit after the attempt’s last stored one, and its autosave never fires once the SCO is unloaded', async () => {
    const runtime = start();
    const api = runtime.api as ReturnType<typeof start>['api'] & {
      lmsInitialize(): string;
      lmsSetValue(element: string, value: string): string;
      lmsCommit(): string;
    };
    api.lmsInitialize();
    api.lmsSetValue('cmi.core.lesson_status', 'incomplete');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.lmsCommit()).toBe('true');
    api.lmsSetValue('cmi.core.lesson_status', 'completed');
    runtime.stop();

    // The autosave scheduled by the last SetValue would have fired here: the learner has moved on.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent.map((commit) => commit.body.sequence)).toEqual([5, 6, 7]);
    expect(sent.every((commit) => commit.url === `/api/scorm/attempts/${ATTEMPT.attempt_id}/commit`)).toBe(true);
    expect(sent.every((commit) => commit.body.sco_id === SCO_ID)).toBe(true);
    expect(sent.at(-1)?.body).toMatchObject({ cmi: { core: { lesson_status: 'completed' } } });
  });

  it('takes a stale answer as no problem, and reports failed API calls without a dialog', async () => {
    const onCommitProblem = vi.fn();
    const onApiError = vi.fn();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const confirm = vi.spyOn(window, 'confirm').mockImplementation(() => true);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const runtime = start({ onCommitProblem, onApiError });
    const api = runtime.api as ReturnType<typeof start>['api'] & {
      lmsInitialize(): string;
      lmsSetValue(element: string, value: string): string;
      lmsCommit(): string;
    };
    api.lmsInitialize();
    answer = { result: false, errorCode: 101, stale: true };
    expect(api.lmsCommit()).toBe('true');
    expect(onCommitProblem).not.toHaveBeenCalled();

    for (let call = 0; call < 50; call += 1) expect(api.lmsSetValue('cmi.core.score.raw', 'lots')).toBe('false');
    expect(onApiError).toHaveBeenCalledTimes(50);
    expect(onApiError).toHaveBeenLastCalledWith(405, 'cmi.core.score.raw');
    expect(alert).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    runtime.stop();
  });
});
