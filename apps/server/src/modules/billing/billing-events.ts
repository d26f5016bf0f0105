import type { FastifyBaseLogger } from 'fastify';
import type { BillingEvent } from './billing.provider.ts';
import { applyBillingEvent, type BillingEventDeps, type EventOutcome } from './billing-events-apply.ts';

export type { EventOutcome } from './billing-events-apply.ts';

/**
 * The one handler of provider events, for the sandbox and for Stripe webhooks alike. An event id is handled once
 * (a replay changes nothing); events may arrive in any order and still converge: the invoice carries everything
 * activation needs, and a paid period never shortens a longer one already granted.
 */
export function createBillingEventHandler(deps: BillingEventDeps & { logger: FastifyBaseLogger }) {
  const { repository, logger } = deps;
  return {
    async handle(event: BillingEvent, provider: 'sandbox' | 'stripe'): Promise<EventOutcome> {
      const fresh = await repository.recordEvent({
        id: event.id,
        provider,
        type: event.type,
        sessionId: 'sessionId' in event ? event.sessionId : null,
      });
      if (!fresh) return 'duplicate';
      try {
        return await applyBillingEvent(deps, event, provider);
      } catch (error) {
        logger.error({ err: error, eventId: event.id, type: event.type }, 'billing event failed; it may be retried');
        await repository.forgetEvent(event.id);
        throw error;
      }
    },
  };
}
export type BillingEventHandler = ReturnType<typeof createBillingEventHandler>;
