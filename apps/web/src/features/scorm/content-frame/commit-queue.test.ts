import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CommitResponse, createCommitQueue, KEEPALIVE_LIMIT } from './commit-queue';

const SCO_ID = '5b0f2a52-9d7e-4c8e-a0a4-1f1e3f6b7c11';

type Sent = { body: Record<string, unknown>; keepalive: boolean; answer: (response: CommitResponse) => void };

/** A server the test answers by hand: each commit waits until the test says what came back. */
function harness({ start = 4, data = { cmi: { location: 'p1' } } as Record<string, unknown> } = {}) {
  const sent: Sent[] = [];
  const states: string[] = [];
  let current = structuredClone(data) as { cmi: Record<string, unknown> };
  const queue = createCommitQueue({
    scoId: SCO_ID,
    startSequence: start,
    launch: 3,
    snapshot: () => structuredClone(current),
    send: (body, keepalive) =>
      new Promise<CommitResponse>((answer) => sent.push({ body: JSON.parse(body), keepalive, answer })),
    onState: (state) => states.push(state),
    autosaveMs: 10_000,
    retryMs: [1_000, 2_000],
  });
  return {
    queue,
    sent,
    states,
    set(key: string, value: unknown) {
      current = { ...current, cmi: { ...current.cmi, [key]: value } };
      queue.changed();
    },
    ok: (index: number) => sent[index]?.answer({ status: 200, body: null }),
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the commit queue of a SCO attempt', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('numbers commits after the stored one and sends the next only when the previous is answered', async () => {
    const h = harness();
    h.set('location', 'p2');
    const first = h.queue.save();
    h.set('location', 'p3');
    const second = h.queue.save();
    await flush();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]?.body).toMatchObject({ sco_id: SCO_ID, sequence: 5, cmi: { location: 'p2' }, terminate: false });
    h.ok(0);
    await first;
    await flush();
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]?.body).toMatchObject({ sequence: 6, cmi: { location: 'p3' } });
    h.ok(1);
    await second;
    expect(h.queue.settled).toBe(true);
    expect(h.states.at(-1)).toBe('saved');
  });

  it('stops saving once a later launch of the attempt took over, and says so; nothing is sent after, not even on close', async () => {
    const h = harness();
    h.set('location', 'p2');
    const saved = h.queue.save();
    await flush();
    expect(h.sent[0]?.body).toMatchObject({ sequence: 5, launch: 3 });
    h.sent[0]?.answer({ status: 409, body: { taken_over: true } });
    await saved;
    expect(h.states.at(-1)).toBe('taken-over');
    h.set('location', 'p3');
    await h.queue.save();
    await h.queue.flush();
    h.queue.close({ terminate: true });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(h.sent).toHaveLength(1);
  });

  it('flush waits for the commit on its way and sends nothing new when nothing changed since', async () => {
    const h = harness();
    h.set('location', 'p2');
    void h.queue.save({ terminate: true });
    await flush();
    let flushed = false;
    void h.queue.flush().then(() => {
      flushed = true;
    });
    await flush();
    expect(flushed).toBe(false);
    h.ok(0);
    await flush();
    expect(flushed).toBe(true);
    await h.queue.flush();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]?.body).toMatchObject({ terminate: true });
  });

  it('folds a burst of hundreds of changes and commits into one request after the one in flight, losing none', async () => {
    const h = harness();
    void h.queue.save();
    await flush();
    let last: Promise<void> = Promise.resolve();
    for (let index = 0; index < 500; index += 1) {
      h.set(`interaction_${index}`, index);
      last = h.queue.save();
    }
    h.ok(0);
    await flush();
    expect(h.sent).toHaveLength(2);
    const cmi = h.sent[1]?.body.cmi as Record<string, unknown>;
    expect(Object.keys(cmi).filter((key) => key.startsWith('interaction_'))).toHaveLength(500);
    h.ok(1);
    await last;
    expect(h.queue.settled).toBe(true);
  });

  it('retries a failed commit, with the newest data, until the server stores it, and says it is retrying', async () => {
    const h = harness();
    const saved = h.queue.save();
    await flush();
    h.sent[0]?.answer({ status: 0, body: null });
    await flush();
    expect(h.states).toContain('retrying');
    h.set('location', 'p9');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]?.body).toMatchObject({ sequence: 6, cmi: { location: 'p9' } });
    h.sent[1]?.answer({ status: 503, body: null });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.sent).toHaveLength(3);
    h.ok(2);
    await saved;
    expect(h.states.at(-1)).toBe('saved');
  });

  it('treats a stale answer as stored and a refusal as final, without retrying', async () => {
    const h = harness();
    const stale = h.queue.save();
    await flush();
    h.sent[0]?.answer({ status: 409, body: null });
    await stale;
    const refused = h.queue.save();
    await flush();
    h.sent[1]?.answer({ status: 422, body: { message: 'cmi.score.raw is out of range' } });
    await refused;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(h.sent).toHaveLength(2);
    expect(h.states.at(-1)).toBe('refused');
  });

  it('autosaves changes the content never committed', async () => {
    const h = harness();
    h.set('suspend_data', 'abc');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(h.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent[0]?.body).toMatchObject({ cmi: { suspend_data: 'abc' } });
  });

  it('marks the session ended on the terminating commit', async () => {
    const h = harness();
    void h.queue.save({ terminate: true });
    await flush();
    expect(h.sent[0]?.body).toMatchObject({ terminate: true });
  });

  it('on close sends unsaved data in a keepalive request holding only what changed since the stored copy', async () => {
    const big = 'x'.repeat(KEEPALIVE_LIMIT);
    const h = harness({ data: { cmi: { suspend_data: big, location: 'p1' } } });
    void h.queue.save();
    await flush();
    expect(h.sent[0]?.keepalive).toBe(false);
    h.ok(0);
    await flush();
    h.set('location', 'p2');
    h.queue.close();
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]?.keepalive).toBe(true);
    expect(h.sent[1]?.body).toMatchObject({ sequence: 6, cmi: { location: 'p2' }, unchanged: ['suspend_data'] });
    // Ending the session while the page unloads sends once more; nothing new, nothing sent.
    h.queue.close({ terminate: true });
    expect(h.sent[2]?.body).toMatchObject({ sequence: 7, terminate: true });
    h.queue.close({ terminate: true });
    expect(h.sent).toHaveLength(3);
  });

  it('sends nothing on close when everything is stored', async () => {
    const h = harness();
    void h.queue.save();
    await flush();
    h.ok(0);
    await flush();
    h.queue.close();
    expect(h.sent).toHaveLength(1);
  });

  it('keeps a part out of the close request only if the commit in flight holds it unchanged too', async () => {
    const h = harness({ data: { cmi: { suspend_data: 'a' } } });
    void h.queue.save();
    await flush();
    h.ok(0);
    await flush();
    h.set('suspend_data', 'b');
    void h.queue.save();
    await flush();
    h.set('suspend_data', 'a');
    h.queue.close();
    expect(h.sent[2]?.body).toMatchObject({ cmi: { suspend_data: 'a' } });
    expect(h.sent[2]?.body.unchanged).toBeUndefined();
  });
});
