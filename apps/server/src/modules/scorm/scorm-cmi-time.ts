/** `HHHH:MM:SS.SS` (CMITimespan) in seconds; 0 when absent or malformed. */
export function parseScorm12Time(value: string | null): number {
  const match = /^(\d{1,4}):(\d{1,2}):(\d{1,2}(?:\.\d{1,2})?)$/.exec(value ?? '');
  if (!match) return 0;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** An ISO 8601 duration (`P1DT2H3M4.5S`) in seconds; 0 when absent or malformed. */
export function parseIsoDuration(value: string | null): number {
  const match =
    /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      value ?? '',
    );
  if (!match || value === 'P' || value?.endsWith('T')) return 0;
  const [, years, months, weeks, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  return (
    (years ?? 0) * 31_536_000 +
    (months ?? 0) * 2_592_000 +
    (weeks ?? 0) * 604_800 +
    (days ?? 0) * 86_400 +
    (hours ?? 0) * 3600 +
    (minutes ?? 0) * 60 +
    (seconds ?? 0)
  );
}

export function formatScorm12Time(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = Math.round((totalSeconds % 60) * 100) / 100;
  const pad = (part: number) => String(Math.floor(part)).padStart(2, '0');
  const fraction = seconds % 1 === 0 ? '' : `.${String(Math.round((seconds % 1) * 100)).padStart(2, '0')}`;
  return `${String(hours).padStart(4, '0')}:${pad(minutes)}:${pad(seconds)}${fraction}`;
}

export function formatIsoDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = Math.round((totalSeconds % 60) * 100) / 100;
  return `PT${hours}H${minutes}M${seconds}S`;
}
