import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { type AuditFilters, EMPTY_AUDIT_FILTERS, useAuditEvents } from '../api/get-audit-events';
import { AuditFiltersForm } from '../components/audit-filters-form';
import { AuditTable } from '../components/audit-table';

/** Admins read the audit trail: who did what to whose data, with before and after, newest first. */
export function AdminAudit() {
  const { t } = useTranslation('admin-audit');
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const audit = useAuditEvents(filters);
  const events = audit.data?.pages.flatMap((page) => page.events) ?? [];
  const error = audit.error;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('title')} description={t('description')} />
      <AuditFiltersForm onApply={setFilters} />
      <div aria-live="polite" className="min-h-6 text-sm text-muted-foreground">
        {audit.isPending ? (
          <Spinner label={t('loading')} />
        ) : audit.isSuccess ? (
          t('shown', { count: events.length })
        ) : null}
      </div>
      {error ? (
        <Alert variant="destructive">
          {error instanceof ApiError && error.status === 400 ? error.message : t('loadFailed')}
        </Alert>
      ) : null}
      {audit.isSuccess && events.length === 0 ? (
        <EmptyState icon={ScrollText} title={t('empty.title')} description={t('empty.description')} />
      ) : null}
      {events.length > 0 ? <AuditTable events={events} /> : null}
      {audit.hasNextPage ? (
        <div>
          <Button variant="outline" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
            {audit.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
