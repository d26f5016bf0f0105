import { canUseFeature, FEATURE_MIN_TIER, type Feature } from '@portal/shared/tiers';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { SubscriptionService } from './subscription.service.ts';

/** The error a learner gets for a feature above their plan; `reasons[0]` names the tier that unlocks it. */
export const upgradeRequired = (feature: Feature) =>
  new AppError('upgrade_required', `This needs the ${FEATURE_MIN_TIER[feature]} plan or higher.`, {
    reasons: [FEATURE_MIN_TIER[feature]],
  });

/** A preHandler that lets the request through only when the signed-in user's plan includes `feature`. */
export function featureGate(subscriptionService: SubscriptionService) {
  return (feature: Feature) => async (request: FastifyRequest) => {
    const status = await subscriptionService.getStatus(request.auth().user.id);
    if (!canUseFeature(status, feature)) throw upgradeRequired(feature);
  };
}
export type RequireFeature = ReturnType<typeof featureGate>;
