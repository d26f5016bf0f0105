import { PAGE_ANSWERS_ELEMENT_ID, PAGE_ANSWERS_FRESH_MS, type PageAnswer } from '@portal/shared/page-answers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A page as the server sends it to a signed-in visitor, with its answers inside. */
function pageWithAnswers(bodies: Record<string, unknown>, refusals: Record<string, PageAnswer> = {}) {
  const answers = {
    ...Object.fromEntries(Object.entries(bodies).map(([path, body]) => [path, { status: 200, body }])),
    ...refusals,
  };
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_ANSWERS_ELEMENT_ID;
  element.textContent = JSON.stringify(answers).replace(/</g, '\\u003c');
  document.body.append(element);
}

const serverAnswer = { from: 'server' };

describe('the answers a page came with', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.resetModules();
    fetchMock = vi.fn(async () => new Response(JSON.stringify(serverAnswer), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('answer the first GET of their path without a request; every later one asks the server', async () => {
    pageWithAnswers({ '/api/me': { me: { name: 'Ada </script>' } } });
    const { api } = await import('./api');
    expect(await api.get('/api/me')).toEqual({ me: { name: 'Ada </script>' } });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(PAGE_ANSWERS_ELEMENT_ID)).toBeNull();
    expect(await api.get('/api/me')).toEqual(serverAnswer);
    expect(await api.get('/api/profile')).toEqual(serverAnswer);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never answer a change, or a GET of another address', async () => {
    pageWithAnswers({ '/api/consent': { analytics: false } });
    const { api } = await import('./api');
    await api.post('/api/consent', { analytics: true });
    await api.get('/api/consent?history=1');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await api.get('/api/consent')).toEqual({ analytics: false });
  });

  it('stand for the refusal the route gave, as a fetched one would', async () => {
    const refusal = {
      status: 402,
      body: { error: { code: 'subscription_required', message: 'Upgrade', reasons: ['us'] } },
    };
    pageWithAnswers({}, { '/api/live/hub?filter=all': refusal });
    const { api, ApiError } = await import('./api');
    const failure = await api.get('/api/live/hub?filter=all').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 402, code: 'subscription_required', reasons: ['us'] });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an answer of another shape is not used', async () => {
    pageWithAnswers({}, { '/api/me': { body: { me: null } } as unknown as PageAnswer });
    const { api } = await import('./api');
    expect(await api.get('/api/me')).toEqual(serverAnswer);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('go stale: a page open for a while asks the server', async () => {
    pageWithAnswers({ '/api/me': { me: null } });
    vi.spyOn(performance, 'now').mockReturnValue(PAGE_ANSWERS_FRESH_MS + 1);
    const { api } = await import('./api');
    expect(await api.get('/api/me')).toEqual(serverAnswer);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a damaged block or none at all only means asking the server', async () => {
    pageWithAnswers({});
    const element = document.getElementById(PAGE_ANSWERS_ELEMENT_ID);
    if (element) element.textContent = '{"/api/me": ';
    const { api } = await import('./api');
    expect(await api.get('/api/me')).toEqual(serverAnswer);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the answers handed to a render on the server', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.resetModules();
    fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    (await import('./page-answers')).handOverPageAnswers(null);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('answer however long the render takes, and any other GET is asked of the server in-process', async () => {
    const { handOverPageAnswers } = await import('./page-answers');
    const ask = vi.fn(async (path: string) => ({ status: 200, body: { asked: path } }));
    handOverPageAnswers({ '/api/me': { status: 200, body: { me: { name: 'Ada' } } } }, ask);
    vi.spyOn(performance, 'now').mockReturnValue(PAGE_ANSWERS_FRESH_MS * 100);
    const { api } = await import('./api');
    expect(await api.get('/api/me')).toEqual({ me: { name: 'Ada' } });
    expect(await api.get('/api/goals')).toEqual({ asked: '/api/goals' });
    expect(ask).toHaveBeenCalledWith('/api/goals');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a request the server could not answer fails there, as a network failure the browser retries', async () => {
    const { handOverPageAnswers } = await import('./page-answers');
    handOverPageAnswers({}, async () => null);
    const { api, ApiError } = await import('./api');
    const failure = await api.get('/api/goals').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'network' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('once the render is over, the browser asks over the network again', async () => {
    const { handOverPageAnswers } = await import('./page-answers');
    handOverPageAnswers({ '/api/me': { status: 200, body: { me: null } } }, async () => null);
    handOverPageAnswers(null);
    const { api } = await import('./api');
    await api.get('/api/me');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
