import type { Tier } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';

/** The refusal for a feature or course above the user's plan (or with no plan); `reasons[0]` is the tier that unlocks it. */
export const subscriptionRequired = (tier: Tier, message = `This needs the ${tier} plan or higher.`) =>
  new AppError('subscription_required', message, { reasons: [tier] });
