import type { CourseStatus } from '@portal/shared/course-rules';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  const { t } = useTranslation('authoring');
  return (
    <Badge
      className={cn(
        status === 'published' && 'bg-success/15 text-foreground',
        status === 'draft' && 'bg-warning/15 text-foreground',
        status === 'archived' && 'bg-muted text-foreground',
      )}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
