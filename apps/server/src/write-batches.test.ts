import { describe, expect, it } from 'vitest';
import { createWriteBatches } from './write-batches.ts';

type Write = { learner: string; shape: string; value: number };

/** A store whose statements come back only when the test lets them, recording what each carried. */
function heldStore({ failWhen }: { failWhen?: (write: Write) => boolean } = {}) {
  const statements: Write[][] = [];
  const waiting: (() => void)[] = [];
  const send = (writes: Write[]) => {
    statements.push(writes);
    return new Promise<string[]>((resolve, reject) => {
      waiting.push(() => {
        if (failWhen && writes.some(failWhen)) reject(new Error('refused'));
        else resolve(writes.map((write) => `stored ${write.learner}:${write.value}`));
      });
    });
  };
  /** Lets every statement sent so far come back. */
  const answerAll = async () => {
    for (const answer of waiting.splice(0)) answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { send, statements, answerAll };
}

const batchesOn = (store: ReturnType<typeof heldStore>, stalledAfterMs = 60_000) =>
  createWriteBatches<Write, string>({
    send: store.send,
    shapeOf: (write) => write.shape,
    learnerOf: (write) => write.learner,
    perStatement: 3,
    stalledAfterMs,
  });

const write = (learner: string, value: number, shape = 'report'): Write => ({ learner, shape, value });

describe('writes gathered into shared statements', () => {
  it('a write goes out at once; those arriving meanwhile share the next statements, each answered as its own', async () => {
    const store = heldStore();
    const batches = batchesOn(store);
    const answers = ['a', 'b', 'c', 'd', 'e'].map((learner, value) => batches.save(write(learner, value)));
    expect(store.statements.map((writes) => writes.map((each) => each.learner))).toEqual([['a']]);

    await store.answerAll();
    // At most three per statement, the oldest first.
    expect(store.statements.map((writes) => writes.map((each) => each.learner))).toEqual([['a'], ['b', 'c', 'd']]);
    await store.answerAll();
    await store.answerAll();
    expect(store.statements.at(-1)?.map((each) => each.learner)).toEqual(['e']);
    expect(await Promise.all(answers)).toEqual(['stored a:0', 'stored b:1', 'stored c:2', 'stored d:3', 'stored e:4']);
  });

  it('the next statement is on its way before the writes of the one that came back are answered', async () => {
    const store = heldStore();
    const batches = batchesOn(store);
    const statementsWhenAnswered: number[] = [];
    const first = batches.save(write('a', 1)).then((answer) => {
      statementsWhenAnswered.push(store.statements.length);
      return answer;
    });
    const second = batches.save(write('b', 2));
    expect(store.statements).toHaveLength(1);

    await store.answerAll();
    // The writer of the first hears its answer only after the waiting write's statement went out.
    expect(statementsWhenAnswered).toEqual([2]);
    await store.answerAll();
    expect(await Promise.all([first, second])).toEqual(['stored a:1', 'stored b:2']);
  });

  it('a learner’s next write waits until their statement on its way is back, in every shape', async () => {
    const store = heldStore();
    const batches = batchesOn(store);
    const first = batches.save(write('a', 1));
    const again = batches.save(write('a', 2));
    const elsewhere = batches.save(write('a', 3, 'page'));
    const other = batches.save(write('b', 4, 'page'));
    // The other shape goes out at once, without this learner.
    expect(store.statements.map((writes) => writes.map((each) => each.value))).toEqual([[1], [4]]);

    await store.answerAll();
    // One statement at a time for the learner, whatever its shape.
    expect(store.statements.slice(2).map((writes) => writes.map((each) => each.value))).toEqual([[2]]);
    await store.answerAll();
    expect(store.statements.slice(2).map((writes) => writes.map((each) => each.value))).toEqual([[2], [3]]);
    await store.answerAll();
    expect(await Promise.all([first, again, elsewhere, other])).toEqual([
      'stored a:1',
      'stored a:2',
      'stored a:3',
      'stored b:4',
    ]);
  });

  it('a statement the store refuses is sent again write by write: only the faulty write fails', async () => {
    const store = heldStore({ failWhen: (each) => each.value === 2 });
    const batches = batchesOn(store);
    const answers = [1, 2, 3].map((value) => batches.save(write(`learner ${value}`, value)).catch(String));
    await store.answerAll();
    await store.answerAll();
    await store.answerAll();
    expect(store.statements.map((writes) => writes.map((each) => each.value))).toEqual([[1], [2, 3], [2], [3]]);
    expect(await Promise.all(answers)).toEqual(['stored learner 1:1', 'Error: refused', 'stored learner 3:3']);
  });

  it('a statement that does not come back lets the writes behind it go ahead, up to a limit', async () => {
    const store = heldStore();
    const batches = createWriteBatches<Write, string>({
      send: store.send,
      shapeOf: (each) => each.shape,
      learnerOf: (each) => each.learner,
      perStatement: 1,
      stalledAfterMs: 20,
      atMost: 2,
    });
    const answers = ['a', 'b', 'c'].map((learner, value) => batches.save(write(learner, value)));
    expect(store.statements).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The second goes ahead of the stuck first; the third waits, as two are on their way.
    expect(store.statements.map((writes) => writes.map((each) => each.value))).toEqual([[0], [1]]);
    await store.answerAll();
    expect(store.statements.map((writes) => writes.map((each) => each.value))).toEqual([[0], [1], [2]]);
    await store.answerAll();
    expect(await Promise.all(answers)).toEqual(['stored a:0', 'stored b:1', 'stored c:2']);
  });
});
