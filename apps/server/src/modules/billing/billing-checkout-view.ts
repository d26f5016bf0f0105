import type { CheckoutSession } from '@portal/shared/billing';
import type { CheckoutSessionRow } from './billing.repository.ts';

export function toCheckoutSession(row: CheckoutSessionRow, now: Date): CheckoutSession {
  const lapsed = row.status === 'open' && !row.payKey && row.expiresAt <= now;
  return {
    id: row.id,
    tier: row.tier,
    interval: row.interval,
    amount: row.amount,
    currency: row.currency,
    status: lapsed ? 'expired' : row.status,
    paid: row.payKey !== null,
    expires_at: row.expiresAt.toISOString(),
    cancel_path: row.cancelPath,
  };
}
