import { SUBSCRIPTION_OVERVIEW } from '@portal/shared/routes';
import type { Tier } from '@portal/shared/tiers';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Shown in place of a screen the learner's plan does not include; the server decided, this only explains. */
export function PlanUpgrade({ tier, feature }: { tier: Tier; feature: string }) {
  const { t } = useTranslation(['common', 'plans']);
  const plan = t(`plans:tiers.${tier}.name`);
  return (
    <section
      aria-labelledby="plan-upgrade-heading"
      className="flex flex-col items-start gap-3 rounded-lg border border-warning/50 bg-warning/10 p-5"
    >
      <h2 id="plan-upgrade-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Sparkles className="size-5 text-primary" aria-hidden="true" />
        {t('common:planUpgrade.title', { plan })}
      </h2>
      <p className="text-sm">{t('common:planUpgrade.description', { feature, plan })}</p>
      <Button asChild>
        <Link to={SUBSCRIPTION_OVERVIEW}>{t('common:planUpgrade.action')}</Link>
      </Button>
    </section>
  );
}
