import { mergeRanges, type WatchedRange } from '@portal/shared/progress';

/** Reads a media element's `played` ranges: the stretches actually played, which a seek does not add to. */
export function readPlayedRanges(played: TimeRanges): WatchedRange[] {
  const ranges: WatchedRange[] = [];
  for (let index = 0; index < played.length; index += 1) {
    ranges.push([round(played.start(index)), round(played.end(index))]);
  }
  return mergeRanges(ranges);
}

/** Stretches of `next` that `previous` does not cover yet (what is new since the last acknowledged report). */
export function subtractRanges(
  next: ReadonlyArray<readonly [number, number]>,
  previous: ReadonlyArray<readonly [number, number]>,
): WatchedRange[] {
  const covered = mergeRanges(previous);
  const result: WatchedRange[] = [];
  for (const [start, end] of mergeRanges(next)) {
    let cursor = start;
    for (const [blockStart, blockEnd] of covered) {
      if (blockEnd <= cursor || blockStart >= end) continue;
      if (blockStart > cursor) result.push([cursor, blockStart]);
      cursor = Math.max(cursor, blockEnd);
    }
    if (end - cursor > 0.001) result.push([cursor, end]);
  }
  return result;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
