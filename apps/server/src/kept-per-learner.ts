/**
 * One value per learner, kept in this process between their requests: what their last request read (the rows of the
 * course they are in, the SCORM attempt they are playing), under the key it was read for. A learner who moves on to
 * another key replaces it. Bounded in count and age.
 *
 * Nothing kept here is trusted without the database confirming it: callers write against the version they kept,
 * which the database checks, and read again when it does not match. So no notice has to reach this instance when the
 * rows change elsewhere.
 */
export function createKeptPerLearner<Value>({
  maxEntries = 10_000,
  ttlMs = 10 * 60_000,
  now = Date.now,
}: {
  maxEntries?: number;
  ttlMs?: number;
  now?: () => number;
} = {}) {
  const entries = new Map<string, { key: string; value: Value; until: number }>();

  return {
    /** The learner's kept value for this key, unless they have moved on or it is too old. */
    get(learnerId: string, key: string): Value | undefined {
      const entry = entries.get(learnerId);
      if (!entry || entry.key !== key) return undefined;
      if (now() >= entry.until) {
        entries.delete(learnerId);
        return undefined;
      }
      return entry.value;
    },

    /** Keeps a value just read, in place of whatever the learner had kept. */
    keep(learnerId: string, key: string, value: Value) {
      entries.delete(learnerId);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(learnerId, { key, value, until: now() + ttlMs });
    },

    /** Replaces the kept value for this key with what this process just wrote, if it is the one kept. */
    update(learnerId: string, key: string, change: (value: Value) => Value) {
      const entry = entries.get(learnerId);
      if (entry && entry.key === key) entry.value = change(entry.value);
    },

    /** Forgets what the learner had kept: it changed here in a way not kept. */
    drop(learnerId: string) {
      entries.delete(learnerId);
    },
  };
}
export type KeptPerLearner<Value> = ReturnType<typeof createKeptPerLearner<Value>>;
