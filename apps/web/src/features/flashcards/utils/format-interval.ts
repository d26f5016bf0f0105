import { numberFormat } from '@/lib/intl-formats';

const UNITS = [
  { unit: 'year', seconds: 365 * 86_400 },
  { unit: 'month', seconds: 30 * 86_400 },
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
] as const;

/**
 * A wait in the largest unit that fits, written the way the language writes units ("10m", "3d", "10分钟"):
 * whole numbers except months and years, which keep one decimal.
 */
export function formatInterval(seconds: number, language: string, unitDisplay: 'narrow' | 'long' = 'narrow'): string {
  const match = UNITS.find((candidate) => seconds >= candidate.seconds) ?? UNITS[UNITS.length - 1];
  if (!match) return '';
  const value = Math.max(1, seconds / match.seconds);
  const digits = match.unit === 'year' || match.unit === 'month' ? 1 : 0;
  return numberFormat(language, {
    style: 'unit',
    unit: match.unit,
    // A narrow month is "m" in English, the same as a minute.
    unitDisplay: digits && unitDisplay === 'narrow' ? 'short' : unitDisplay,
    maximumFractionDigits: digits,
  }).format(digits ? value : Math.round(value));
}
