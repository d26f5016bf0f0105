import { TIERS } from '@portal/shared/tier-names';
import { COACH_DAILY_MESSAGES, FEATURE_MIN_TIER, type Feature, type Tier, tierRank } from '@portal/shared/tiers';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** Features first available at each tier, in the order of the feature table. */
function featuresNewAt(tier: Tier): Feature[] {
  return (Object.keys(FEATURE_MIN_TIER) as Feature[]).filter((feature) => FEATURE_MIN_TIER[feature] === tier);
}

/** The coach's daily messages where a tier raises them over the tier below (not where they become unlimited). */
function coachRaisedAt(tier: Tier): number | null {
  const below = TIERS[tierRank(tier) - 1];
  const messages = COACH_DAILY_MESSAGES[tier];
  const before = below ? COACH_DAILY_MESSAGES[below] : 0;
  return messages !== null && before !== null && before > 0 && messages > before ? messages : null;
}

export function PlanCard({
  tier,
  current,
  badge,
  action,
}: {
  tier: Tier;
  current?: boolean;
  badge?: string | undefined;
  action: ReactNode;
}) {
  const { t } = useTranslation('plans');
  const titleId = `plan-${tier}-title`;
  const coachMessages = coachRaisedAt(tier);
  return (
    <Card aria-labelledby={titleId} className={cn('flex flex-col', current && 'border-primary ring-2 ring-primary/30')}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {t(`tiers.${tier}.name`)}
          </h2>
          {badge ? <Badge>{badge}</Badge> : null}
        </div>
        <CardDescription>{t(`tiers.${tier}.tagline`)}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        {tierRank(tier) > 0 ? (
          <p className="mb-2 text-sm text-muted-foreground">
            {t('everythingIn', { tier: t(`tiers.${['calm', 'me', 'us'][tierRank(tier) - 1]}.name`) })}
          </p>
        ) : null}
        <ul className="flex flex-col gap-2 text-sm">
          {featuresNewAt(tier).map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {t(`features.${feature}`)}
            </li>
          ))}
          {coachMessages ? (
            <li className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {t('features.more_coach', { count: coachMessages })}
            </li>
          ) : null}
        </ul>
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}
