import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CommitResponse, createCommitQueue, KEEP_MS } from './commit-queue';

const SCO_ID = '5b0f2a52-9d7e-4c8e-a0a4-1f1e3f6b7c11';

/** A queue whose sends the test answers by hand, with the copies it hands over for keeping and the answers it reports. */
function harness() {
  const answers: Array<(response: CommitResponse) => void> = [];
  const kept: Array<{ sequence: number; body: Record<string, unknown> }> = [];
  const answered: number[] = [];
  /** For each snapshot taken, whether it was only to be kept. */
  const taken: boolean[] = [];
  let cmi: Record<string, unknown> = { location: 'p1', suspend_data: 'start' };
  const queue = createCommitQueue({
    scoId: SCO_ID,
    startSequence: 4,
    launch: 2,
    snapshot: (options) => {
      taken.push(options?.keeping ?? false);
      return { cmi: structuredClone(cmi) };
    },
    send: () => new Promise<CommitResponse>((answer) => answers.push(answer)),
    keep: ({ sequence, body }) => kept.push({ sequence, body: JSON.parse(body) }),
    answered: (sequence) => answered.push(sequence),
    retryMs: [60_000],
  });
  return {
    queue,
    kept,
    answered,
    taken,
    answer: (index: number, response: CommitResponse) => answers[index]?.(response),
    set(key: string, value: unknown) {
      cmi = { ...cmi, [key]: value };
      queue.changed();
    },
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const offline: CommitResponse = { status: 0, body: null };
const stored: CommitResponse = { status: 200, body: null };

describe('the commit queue hands over copies of what it sends until the server answers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands over each commit as it leaves and reports the answer, stored or refused', async () => {
    const h = harness();
    h.set('location', 'p2');
    void h.queue.save();
    await flush();
    expect(h.kept).toEqual([
      {
        sequence: 5,
        body: expect.objectContaining({
          sco_id: SCO_ID,
          sequence: 5,
          launch: 2,
          cmi: expect.objectContaining({ location: 'p2' }),
        }),
      },
    ]);
    expect(h.answered).toEqual([]);
    h.answer(0, stored);
    await flush();
    expect(h.answered).toEqual([5]);

    h.set('location', 'p3');
    void h.queue.save();
    await flush();
    h.answer(1, { status: 422, body: { message: 'refused' } });
    await flush();
    // A refusal is final: the copy is of no more use either.
    expect(h.answered).toEqual([5, 6]);
  });

  it('while offline, keeps what changes after the failed commit as the next one, without sending it', async () => {
    const h = harness();
    h.set('location', 'p2');
    void h.queue.save();
    await flush();
    h.answer(0, offline);
    await flush();
    expect(h.answered).toEqual([]);

    // The learner works on offline: a burst of changes is kept once, a second later, numbered as the retry will be.
    for (let page = 3; page <= 9; page += 1) h.set('location', `p${page}`);
    h.set('suspend_data', 'offline work');
    expect(h.kept).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(KEEP_MS);
    expect(h.kept).toHaveLength(2);
    // Taken only to be kept: what a sent commit carries besides the data (refused calls for the log) is left for it.
    expect(h.taken).toEqual([false, true]);
    expect(h.kept[1]).toMatchObject({
      sequence: 6,
      body: { sequence: 6, cmi: { location: 'p9', suspend_data: 'offline work' } },
    });

    // Back online, the retry stores it and says so: the copies can go.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.kept.at(-1)).toMatchObject({ sequence: 6, body: { cmi: { location: 'p9' } } });
    h.answer(1, stored);
    await flush();
    expect(h.answered).toEqual([6]);
    h.set('location', 'p10');
    await vi.advanceTimersByTimeAsync(KEEP_MS);
    // Online again, a change is not kept before it is sent.
    expect(h.kept).toHaveLength(3);
  });

  it('the commit sent as the page closes is handed over whole, though the request leaves out what the server has', async () => {
    const h = harness();
    void h.queue.save();
    await flush();
    h.answer(0, stored);
    await flush();
    h.set('location', 'p4');
    h.queue.close();
    const last = h.kept.at(-1);
    expect(last?.sequence).toBe(6);
    expect(last?.body).toMatchObject({ sequence: 6, cmi: { location: 'p4', suspend_data: 'start' } });
    expect(last?.body.unchanged).toBeUndefined();
  });
});
