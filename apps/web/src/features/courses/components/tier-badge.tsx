import type { Tier } from '@portal/shared/tiers';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** The plan a course needs; shows a lock when the learner's plan does not include it. */
export function TierBadge({ tier, locked = false, className }: { tier: Tier; locked?: boolean; className?: string }) {
  const { t } = useTranslation('courses');
  return (
    <Badge className={cn('gap-1', locked && 'bg-warning/15 text-foreground', className)}>
      {locked ? <Lock className="size-3" aria-hidden="true" /> : null}
      {locked ? t('tier.locked', { tier: t(`tiers.${tier}`) }) : t('tier.badge', { tier: t(`tiers.${tier}`) })}
    </Badge>
  );
}
