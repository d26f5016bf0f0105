import type { ScormEngineActivity, ScormEngineSequencing } from './scorm-sequencing.ts';

/**
 * Seeds of a learner's selection and randomization: `once` is drawn a single time per enrolment, `attempt` anew
 * for each attempt on the course (each sequencing session started from the beginning).
 */
export type ScormSelectionSeeds = { once: string; attempt: string };

/** Where a saved sequencing state keeps the learner's seeds; the engine ignores the key. */
export const SCORM_SELECTION_SEEDS_KEY = 'selectionSeeds';

/** The seeds a saved sequencing state carries; null without a state, or one saved before seeds were kept. */
export function selectionSeedsIn(state: string | null): ScormSelectionSeeds | null {
  if (!state) return null;
  let saved: unknown;
  try {
    saved = JSON.parse(state);
  } catch {
    return null;
  }
  const seeds =
    saved !== null && typeof saved === 'object'
      ? ((saved as Record<string, unknown>)[SCORM_SELECTION_SEEDS_KEY] as Partial<ScormSelectionSeeds> | undefined)
      : undefined;
  return typeof seeds?.once === 'string' && typeof seeds.attempt === 'string'
    ? { once: seeds.once, attempt: seeds.attempt }
    : null;
}

const CONTROL_KEYS = ['selectCount', 'selectionTiming', 'randomizeChildren', 'randomizationTiming'] as const;

/** A 32-bit hash of a string (FNV-1a), to seed the generator. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** A small deterministic generator (mulberry32) of numbers in [0, 1). */
function generator(seed: string): () => number {
  let state = hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<Item>(items: Item[], random: () => number): Item[] {
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other] as Item, shuffled[index] as Item];
  }
  return shuffled;
}

/**
 * Applies IMS SS selection and randomization (`randomizationControls`: `selectCount` with `selectionTiming`,
 * `reorderChildren` with `randomizationTiming`) to the activity tree before the sequencing engine gets it, so the
 * engine flows through the chosen children in their drawn order from the very first delivery, and the same draw
 * comes back after every reload. `once` timings draw from the enrolment's seed, `onEachNewAttempt` from the
 * attempt's; `never` (the default) leaves the children as the manifest lists them. Selected children keep their
 * manifest order unless they are also reordered. The controls are taken off the tree, so the engine does not
 * draw again. Also returns the identifiers of the activities left out.
 */
export function applySelectionAndRandomization(
  sequencing: ScormEngineSequencing,
  seeds: ScormSelectionSeeds,
): { sequencing: ScormEngineSequencing; leftOut: Set<string> } {
  const leftOut = new Set<string>();
  const collect = (activity: ScormEngineActivity) => {
    leftOut.add(activity.id);
    activity.children?.forEach(collect);
  };
  const visit = (activity: ScormEngineActivity): ScormEngineActivity => {
    if (!activity.children) return activity;
    const controls = { ...activity.sequencingControls };
    const seedFor = (timing: unknown) =>
      timing === 'once' ? seeds.once : timing === 'onEachNewAttempt' ? seeds.attempt : null;
    let children = activity.children;
    const selectionSeed = seedFor(controls.selectionTiming);
    const count = Number(controls.selectCount);
    if (selectionSeed !== null && Number.isInteger(count) && count > 0 && count < children.length) {
      const random = generator(`${selectionSeed}:select:${activity.id}`);
      const chosen = new Set(shuffle(children, random).slice(0, count));
      children.filter((child) => !chosen.has(child)).forEach(collect);
      children = children.filter((child) => chosen.has(child));
    }
    const orderSeed = seedFor(controls.randomizationTiming);
    if (orderSeed !== null && controls.randomizeChildren === true) {
      children = shuffle(children, generator(`${orderSeed}:order:${activity.id}`));
    }
    for (const key of CONTROL_KEYS) delete controls[key];
    const rest = { ...activity, children: children.map(visit) };
    if (Object.keys(controls).length > 0) rest.sequencingControls = controls;
    else delete rest.sequencingControls;
    return rest;
  };
  return { sequencing: { activityTree: visit(sequencing.activityTree) }, leftOut };
}
