import { describe, expect, it } from 'vitest';
import { configureSharedData, createContentApi, createSnapshots, formatSessionTime } from './content-api';

type Api = Record<string, (...args: string[]) => string>;

describe('what a commit carries', () => {
  it('formats an LMS-measured session time the way each edition writes it', () => {
    expect(formatSessionTime('1.2', 3725.5)).toBe('0001:02:05.50');
    expect(formatSessionTime('1.2', 0)).toBe('0000:00:00.00');
    expect(formatSessionTime('2004', 12.345)).toBe('PT12.35S');
  });

  it('adds the real session length when the content never reports one, and keeps a reported one', () => {
    let clock = 1_000;
    const api = createContentApi({ family: '1.2', cmi: {} });
    const snapshots = createSnapshots(api, '1.2', { now: () => clock });
    const calls = api as unknown as Api;
    calls.LMSInitialize?.('');
    snapshots.initialized();
    clock += 90_000;
    const measured = snapshots.take() as { cmi: { core: Record<string, string> } };
    expect(measured.cmi.core.session_time).toBe('0000:01:30.00');

    calls.LMSSetValue?.('cmi.core.session_time', '0000:00:42');
    snapshots.set('cmi.core.session_time');
    const reported = snapshots.take() as { cmi: { core: Record<string, string> } };
    expect(reported.cmi.core.session_time).toMatch(/^0{2,4}:00:42$/);
  });

  it('stops the session clock when the content terminates', () => {
    let clock = 0;
    const api = createContentApi({ family: '2004', cmi: {} });
    const snapshots = createSnapshots(api, '2004', { now: () => clock });
    (api as unknown as Api).Initialize?.('');
    snapshots.initialized();
    clock = 5_000;
    (api as unknown as Api).Terminate?.('');
    snapshots.terminated();
    clock = 60_000;
    expect((snapshots.take() as { cmi: { session_time: string } }).cmi.session_time).toBe('PT5S');
  });

  it('gives a SCORM 2004 SCO the shared data earlier SCOs stored and commits what it may write', () => {
    const api = createContentApi({ family: '2004', cmi: {} });
    configureSharedData(api, [
      { id: 'urn:shared:notes', store: 'from lesson one', readable: true, writable: true },
      { id: 'urn:shared:score', store: '', readable: true, writable: false },
    ]);
    const snapshots = createSnapshots(api, '2004', { shared: true });
    const calls = api as unknown as Api;
    calls.Initialize?.('');
    expect(calls.GetValue?.('adl.data._count')).toBe('2');
    expect(calls.GetValue?.('adl.data.0.id')).toBe('urn:shared:notes');
    expect(calls.GetValue?.('adl.data.0.store')).toBe('from lesson one');
    expect(calls.SetValue?.('adl.data.0.store', 'from lesson two')).toBe('true');
    expect(calls.SetValue?.('adl.data.1.store', 'not mine')).toBe('false');
    expect(calls.GetLastError?.('')).toBe('404');
    expect((snapshots.take() as { adl_data: unknown }).adl_data).toEqual([
      { id: 'urn:shared:notes', store: 'from lesson two' },
    ]);
  });
});
