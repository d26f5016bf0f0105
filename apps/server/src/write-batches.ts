type Waiter<Write, Answer> = {
  write: Write;
  learner: string;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
};
type WriteLane<Write, Answer> = { waiting: Waiter<Write, Answer>[]; sending: number; onTheirWay: number };
type Send<Write, Answer> = (writes: Write[]) => Promise<Answer[]>;

/** Takes the next statement's writes off the lane: the oldest waiting, one per learner not already on their way. */
function nextBatch<Write, Answer>(
  lane: WriteLane<Write, Answer>,
  perStatement: number,
  learnersOnTheirWay: ReadonlySet<string>,
): Waiter<Write, Answer>[] {
  const batch: Waiter<Write, Answer>[] = [];
  const learners = new Set<string>();
  lane.waiting = lane.waiting.filter((waiting) => {
    const { learner } = waiting;
    if (batch.length >= perStatement || learners.has(learner) || learnersOnTheirWay.has(learner)) return true;
    batch.push(waiting);
    learners.add(learner);
    return false;
  });
  return batch;
}

async function answerAlone<Write, Answer>(send: Send<Write, Answer>, waiting: Waiter<Write, Answer>) {
  try {
    const [answer] = await send([waiting.write]);
    waiting.resolve(answer as Answer);
  } catch (error) {
    waiting.reject(error);
  }
}

/**
 * Sends `batch` in one statement; if it fails, each write is sent again on its own, so its fault is its own.
 * `returned` runs once the statement has come back and before its writes are answered, so the next statement is on
 * its way while this one's answers are being sent (after the writes sent again alone, when it failed).
 */
async function sendBatch<Write, Answer>(
  send: Send<Write, Answer>,
  batch: Waiter<Write, Answer>[],
  returned: () => void,
) {
  let answers: Answer[];
  try {
    answers = await send(batch.map((waiting) => waiting.write));
  } catch (error) {
    if (batch.length === 1) (batch[0] as Waiter<Write, Answer>).reject(error);
    else {
      const alone: Promise<void>[] = [];
      for (const waiting of batch) alone.push(answerAlone(send, waiting));
      await Promise.all(alone);
    }
    returned();
    return;
  }
  returned();
  batch.forEach((waiting, index) => {
    waiting.resolve(answers[index] as Answer);
  });
}

type WriteBatchesOptions<Write, Answer> = {
  /** Stores `writes` (of one shape, of different learners) in one statement: an answer per write, in its place. */
  send: (writes: Write[]) => Promise<Answer[]>;
  /** Writes of one shape can share a statement. */
  shapeOf: (write: Write) => string;
  learnerOf: (write: Write) => string;
  /** Statements of one shape on their way at most, not counting stalled ones. */
  inFlight?: number;
  /** How long a statement may take before the writes behind it go ahead without it. */
  stalledAfterMs?: number;
  /** Statements of one shape on their way at most, stalled ones included. */
  atMost?: number;
  /** Writes in one statement at most. */
  perStatement: number;
};

/** One factory's lanes by shape, the learners with a statement on its way, and its limits. */
type Batching<Write, Answer> = {
  send: Send<Write, Answer>;
  lanes: Map<string, WriteLane<Write, Answer>>;
  learnersOnTheirWay: Set<string>;
  inFlight: number;
  stalledAfterMs: number;
  atMost: number;
  perStatement: number;
};

/** Sends the lane's waiting writes in as many statements as may be on their way now. */
function pump<Write, Answer>(batching: Batching<Write, Answer>, lane: WriteLane<Write, Answer>) {
  while (lane.sending < batching.inFlight && lane.onTheirWay < batching.atMost && lane.waiting.length > 0) {
    const batch = nextBatch(lane, batching.perStatement, batching.learnersOnTheirWay);
    if (batch.length === 0) return;
    sendOnItsWay(batching, lane, batch);
  }
}

/** Sends `batch` and counts it on its way until it comes back, or only until it stalls for the lane's count. */
function sendOnItsWay<Write, Answer>(
  batching: Batching<Write, Answer>,
  lane: WriteLane<Write, Answer>,
  batch: Waiter<Write, Answer>[],
) {
  const { learnersOnTheirWay } = batching;
  lane.sending += 1;
  lane.onTheirWay += 1;
  let counted = true;
  const stalled = setTimeout(() => {
    counted = false;
    lane.sending -= 1;
    pump(batching, lane);
  }, batching.stalledAfterMs);
  stalled.unref();
  for (const { learner } of batch) learnersOnTheirWay.add(learner);
  void sendBatch(batching.send, batch, () => {
    clearTimeout(stalled);
    if (counted) lane.sending -= 1;
    lane.onTheirWay -= 1;
    for (const { learner } of batch) learnersOnTheirWay.delete(learner);
    // A learner's write in another lane may have been waiting for this one.
    for (const each of batching.lanes.values()) pump(batching, each);
  });
}

/**
 * Writes of many learners gathered into shared statements, and reads that decide writes (an award's). A write goes out
 * at once when fewer than `inFlight` statements of its shape are on their way; otherwise it waits, and the writes that
 * arrived meanwhile go together in the next statement as soon as one comes back. With few writes nothing waits; under
 * load one statement (one round trip, one commit) carries many, which is what a database's own group commit does for
 * the commit alone. A write is answered only when the statement that carries it has committed, so gathering never
 * answers for a write not stored.
 *
 * By default one statement of a shape is on its way at a time, which gathers the most. One that has not come back
 * after `stalledAfterMs` (waiting for a row another transaction holds, say) no longer counts, so the writes behind it
 * go ahead without it; at most `atMost` statements of a shape are on their way all the same (when the database
 * hangs, the writes wait here instead of taking every connection).
 *
 * A learner is in at most one statement on its way at a time (their next write waits for it), so statements on their
 * way never wait for each other's rows. A statement that fails is sent again write by write, so one write's fault (or
 * a deadlock with another instance) is its own.
 */
export function createWriteBatches<Write, Answer>({
  send,
  shapeOf,
  learnerOf,
  inFlight = 1,
  stalledAfterMs = 20,
  atMost = 4,
  perStatement,
}: WriteBatchesOptions<Write, Answer>) {
  const batching: Batching<Write, Answer> = {
    send,
    lanes: new Map(),
    learnersOnTheirWay: new Set(),
    inFlight,
    stalledAfterMs,
    atMost,
    perStatement,
  };
  const { lanes } = batching;

  return {
    /** Stores `write`, alone or with others of its shape; answers when the statement carrying it has committed. */
    save(write: Write): Promise<Answer> {
      const shape = shapeOf(write);
      let lane = lanes.get(shape);
      if (!lane) {
        lane = { waiting: [], sending: 0, onTheirWay: 0 };
        lanes.set(shape, lane);
      }
      const waitingLane = lane;
      return new Promise<Answer>((resolve, reject) => {
        waitingLane.waiting.push({ write, learner: learnerOf(write), resolve, reject });
        pump(batching, waitingLane);
      });
    },
  };
}
