import { createSandboxCheckout } from './billing-checkout-sandbox.ts';
import { type BillingServiceDeps, createCheckoutSessionAccess } from './billing-checkout-sessions.ts';
import { createCheckoutStart } from './billing-checkout-start.ts';
import { toCheckoutSession } from './billing-checkout-view.ts';

export type { SandboxPayment } from './billing-checkout-sandbox.ts';
export { toCheckoutSession } from './billing-checkout-view.ts';

/** Checkout sessions: opening them with the provider, and the sandbox's own pay and cancel. */
export function createBillingService({
  now = () => new Date(),
  ...deps
}: Omit<BillingServiceDeps, 'now'> & { now?: () => Date }) {
  const all: BillingServiceDeps = { ...deps, now };
  const access = createCheckoutSessionAccess(all);
  const { paySandbox, cancelSandbox } = createSandboxCheckout(all, access);
  return {
    ...createCheckoutStart(all),

    async getSession(userId: string, sessionId: string) {
      return toCheckoutSession(await access.ownSession(userId, sessionId), now());
    },

    paySandbox,
    cancelSandbox,
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
