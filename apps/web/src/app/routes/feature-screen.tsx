import { type LucideIcon, Radio, Shield, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';

const SCREENS = {
  liveHub: Radio,
  admin: Shield,
  adminUsers: Users,
} satisfies Record<string, LucideIcon>;

export type FeatureScreenKey = keyof typeof SCREENS;

/** A dashboard screen whose content is not available yet: its title, purpose and an honest empty state. */
export function FeatureScreen({ screen }: { screen: FeatureScreenKey }) {
  const { t } = useTranslation('dashboard');
  return (
    <div>
      <PageHeader title={t(`screens.${screen}.title`)} description={t(`screens.${screen}.description`)} />
      <EmptyState
        icon={SCREENS[screen]}
        title={t(`screens.${screen}.emptyTitle`)}
        description={t(`screens.${screen}.emptyDescription`)}
        action={
          <Button variant="outline" asChild>
            <Link to="/dashboard/learner">{t('backToHome')}</Link>
          </Button>
        }
      />
    </div>
  );
}
