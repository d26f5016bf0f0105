/** Whole minutes, at least 1 once anything was spent; 0 for nothing. */
export function minutesOf(seconds: number | null | undefined): number {
  if (!seconds || seconds <= 0) return 0;
  return Math.max(1, Math.round(seconds / 60));
}

/** Shortens text at a word boundary, for card descriptions (CSS line clamps would hide text under spacing overrides). */
export function shorten(text: string, max = 180): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
