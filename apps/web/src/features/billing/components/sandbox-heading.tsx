import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** The heading of a sandbox page of ours that stands in for the provider's, marked as test mode. */
export function SandboxHeading({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation('plans');
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 id={id} className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <Badge className="gap-1">
        <FlaskConical className="size-3.5" aria-hidden="true" />
        {t('checkout.testMode')}
      </Badge>
    </div>
  );
}
