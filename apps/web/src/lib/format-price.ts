import { numberFormat } from './intl-formats';

/** A price in minor units (cents) in the reader's language; the checkout page and receipts show prices. */
export function formatPrice(amount: number, currency: string, language: string): string {
  return numberFormat(language, { style: 'currency', currency }).format(amount / 100);
}
