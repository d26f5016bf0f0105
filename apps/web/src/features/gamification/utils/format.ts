import { numberFormat } from '@/lib/intl-formats';

/** Whole numbers in the interface language (1,234 / 1.234 / 1,234). */
export const formatNumber = (value: number, language: string) => numberFormat(language).format(value);

export const formatMultiplier = (value: number, language: string) =>
  numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
