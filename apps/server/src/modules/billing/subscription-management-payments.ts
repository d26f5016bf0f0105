import { SANDBOX_CARDS } from '@portal/shared/billing';
import type { Invoice } from '@portal/shared/subscription-management';
import { AppError } from '../../errors.ts';
import type { SubscriptionManagementRepository } from './subscription-management.repository.ts';
import {
  type ManagementContext,
  notManageable,
  readOwnPlan,
  SUBSCRIPTION_SCREEN,
} from './subscription-management-plan.ts';

function toInvoice(row: Awaited<ReturnType<SubscriptionManagementRepository['invoicesOf']>>[number]): Invoice {
  return {
    id: row.id,
    tier: row.tier,
    interval: row.interval,
    amount: row.amount,
    currency: row.currency,
    period_start: row.periodStart.toISOString(),
    period_end: row.periodEnd.toISOString(),
    paid_at: row.paidAt.toISOString(),
    provider: row.provider,
  };
}

async function updateSandboxCard(context: ManagementContext, userId: string, cardNumber: string) {
  const { repository, provider } = context;
  if (provider.name !== 'sandbox') throw new AppError('not_found', 'The sandbox portal is not in use.');
  if (cardNumber === SANDBOX_CARDS.declined) {
    throw new AppError('card_declined', 'Your card was declined. The card on file stays as it was.');
  }
  // The card that declines later is saved as at Stripe: the next renewal with it fails.
  if (cardNumber !== SANDBOX_CARDS.success && cardNumber !== SANDBOX_CARDS.declinesLater) {
    throw new AppError('bad_request', 'Use the test card 4242 4242 4242 4242 in the sandbox.');
  }
  const card = { brand: 'Visa', last4: cardNumber.slice(-4) };
  await repository.savePaymentMethod(userId, card, context.now());
  await context.auditService.recordAuditEvent({
    userId,
    action: 'billing.payment_method_updated',
    tableName: 'sandbox_payment_methods',
    recordId: userId,
    newValues: card,
    legalBasis: 'contract',
    purpose: 'subscription billing',
  });
  return card;
}

/** Receipts, the provider's portal and the card on file. */
export function createPlanPayments(context: ManagementContext) {
  const { repository, provider } = context;
  return {
    async invoices(userId: string): Promise<Invoice[]> {
      return (await repository.invoicesOf(userId)).map(toInvoice);
    },

    async invoice(userId: string, invoiceId: string): Promise<Invoice> {
      const found = (await repository.invoicesOf(userId)).find((row) => row.id === invoiceId);
      if (!found) throw new AppError('not_found', 'There is no such receipt.');
      return toInvoice(found);
    },

    async portal(userId: string) {
      if (!(await readOwnPlan(context, userId))?.manageable) throw notManageable();
      return provider.createPortal(userId, SUBSCRIPTION_SCREEN);
    },

    /** The card on file; a sandbox payment only ever went through with the paying test card. */
    async paymentMethod(userId: string) {
      const saved = await repository.paymentMethodOf(userId);
      if (saved) return { brand: saved.brand, last4: saved.last4 };
      const paid = await repository.latestInvoiceOf(userId);
      return paid?.provider === 'sandbox' ? { brand: 'Visa', last4: SANDBOX_CARDS.success.slice(-4) } : null;
    },

    /** The sandbox portal's card change: the paying and the later-declining test cards are kept, the declining one is refused. */
    updateSandboxCard: (userId: string, cardNumber: string) => updateSandboxCard(context, userId, cardNumber),
  };
}
