import { SUBSCRIPTION_OVERVIEW } from '@portal/shared/routes';
import type { Tier } from '@portal/shared/tiers';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Shown instead of a lesson the learner's plan does not include. */
export function UpgradePrompt({ tier, headingLevel = 2 }: { tier: Tier; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('courses');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-start gap-3 rounded-lg border border-warning/50 bg-warning/10 p-5"
    >
      <Heading id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Sparkles className="size-5 text-primary" aria-hidden="true" />
        {t('upgrade.title', { tier: t(`tiers.${tier}`) })}
      </Heading>
      <p className="text-sm">{t('upgrade.description', { tier: t(`tiers.${tier}`) })}</p>
      <Button asChild>
        <Link to={SUBSCRIPTION_OVERVIEW}>{t('upgrade.action')}</Link>
      </Button>
    </section>
  );
}
