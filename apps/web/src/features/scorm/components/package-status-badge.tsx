import type { ScormPackageStatus } from '@portal/shared/scorm';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STYLES: Record<ScormPackageStatus, string> = {
  uploading: 'bg-muted text-foreground',
  processing: 'bg-warning/15 text-foreground',
  ready: 'bg-success/15 text-foreground',
  failed: 'bg-destructive/10 text-destructive',
};

export function PackageStatusBadge({ status }: { status: ScormPackageStatus }) {
  const { t } = useTranslation('scorm');
  return <Badge className={cn(STYLES[status])}>{t(`status.${status}`)}</Badge>;
}
