import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliverUnsent, forgetUnsent, keepUnsent } from './unsent-commits';

const ADA = 'user-ada';
const launchOf = (attemptId: string, launch = 1) => ({ userId: ADA, attemptId, launch });
const bodyOf = (sequence: number, location: string) =>
  JSON.stringify({ sco_id: 'sco-1', sequence, launch: 1, cmi: { location } });

/** The commit route as the player's requests reach it: what was posted, and the answer the test chose. */
function commitRoute(answer: (attemptId: string, body: { sequence: number }) => Response | Promise<Response>) {
  const posted: Array<{ attemptId: string; body: { sequence: number; cmi: { location: string } } }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const attemptId = decodeURIComponent(/\/api\/scorm\/attempts\/([^/]+)\/commit$/.exec(url)?.[1] ?? '');
      const body = JSON.parse(String(init.body));
      posted.push({ attemptId, body });
      return answer(attemptId, body);
    }),
  );
  return posted;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('commits kept in the browser until the server answers them', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the latest commit of a launch until it or a later one is answered', async () => {
    keepUnsent({ ...launchOf('a'), sequence: 5, body: bodyOf(5, 'p5') });
    keepUnsent({ ...launchOf('a'), sequence: 7, body: bodyOf(7, 'p7') });
    // A late copy of an older commit does not replace the newer one.
    keepUnsent({ ...launchOf('a'), sequence: 6, body: bodyOf(6, 'p6') });
    forgetUnsent(launchOf('a'), 6);
    const posted = commitRoute(() => json(200, { result: true, errorCode: 0 }));
    expect(await deliverUnsent(ADA)).toBe(1);
    expect(posted.map((entry) => entry.body.cmi.location)).toEqual(['p7']);

    keepUnsent({ ...launchOf('a'), sequence: 8, body: bodyOf(8, 'p8') });
    forgetUnsent(launchOf('a'), 8);
    expect(await deliverUnsent(ADA)).toBe(0);
  });

  it('sends the oldest first and counts only what the server stored now; what cannot be delivered yet stays', async () => {
    keepUnsent({ ...launchOf('stored'), sequence: 3, body: bodyOf(3, 'stored') }, 1_000);
    keepUnsent({ ...launchOf('arrived', 2), sequence: 9, body: bodyOf(9, 'arrived') }, 2_000);
    keepUnsent({ ...launchOf('taken'), sequence: 4, body: bodyOf(4, 'taken') }, 3_000);
    keepUnsent({ ...launchOf('busy'), sequence: 2, body: bodyOf(2, 'busy') }, 4_000);
    keepUnsent({ userId: 'someone-else', attemptId: 'theirs', launch: 1, sequence: 1, body: bodyOf(1, 'theirs') });
    const posted = commitRoute((attemptId) => {
      if (attemptId === 'stored') return json(200, { result: true, errorCode: 0 });
      if (attemptId === 'arrived') return json(200, { result: true, errorCode: 0, repeated: true });
      if (attemptId === 'taken') return json(409, { result: false, errorCode: 391, taken_over: true });
      return json(503, { error: { code: 'unavailable', message: 'Busy' } });
    });
    expect(await deliverUnsent(ADA)).toBe(1);
    // Only the signed-in learner's own, oldest first.
    expect(posted.map((entry) => entry.attemptId)).toEqual(['stored', 'arrived', 'taken', 'busy']);

    const later = commitRoute(() => json(200, { result: true, errorCode: 0 }));
    expect(await deliverUnsent(ADA)).toBe(1);
    expect(later.map((entry) => entry.attemptId)).toEqual(['busy']);
    expect(await deliverUnsent('someone-else')).toBe(1);
  });

  it('offline, or signed out meanwhile, nothing is forgotten', async () => {
    keepUnsent({ ...launchOf('a'), sequence: 5, body: bodyOf(5, 'p5') });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await deliverUnsent(ADA)).toBe(0);
    commitRoute(() => json(401, { error: { code: 'unauthorized', message: 'Sign in' } }));
    expect(await deliverUnsent(ADA)).toBe(0);
    const posted = commitRoute(() => json(200, { result: true, errorCode: 0 }));
    expect(await deliverUnsent(ADA)).toBe(1);
    expect(posted).toHaveLength(1);
  });

  it('drops a damaged copy, and still sends when storage refuses to keep one', async () => {
    window.localStorage.setItem(`portal.scorm.unsent:${ADA}:a:1`, '{not json');
    window.localStorage.setItem('unrelated', 'stays');
    const posted = commitRoute(() => json(200, { result: true, errorCode: 0 }));
    expect(await deliverUnsent(ADA)).toBe(0);
    expect(posted).toEqual([]);
    expect(window.localStorage.getItem(`portal.scorm.unsent:${ADA}:a:1`)).toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('stays');

    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      expect(() => keepUnsent({ ...launchOf('a'), sequence: 5, body: bodyOf(5, 'p5') })).not.toThrow();
    } finally {
      Storage.prototype.setItem = setItem;
    }
    expect(await deliverUnsent(ADA)).toBe(0);
  });
});
