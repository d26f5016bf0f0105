/** A page number within 1..pageCount (1 when the count is unknown or the value is not a number). */
export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page) || pageCount < 1) return 1;
  return Math.min(pageCount, Math.max(1, Math.trunc(page)));
}
