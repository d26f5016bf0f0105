import { SCORM_PACKAGE_STATUSES, type ScormPackage, type ScormPackageStatus } from '@portal/shared/scorm';
import { Globe, Lock, Package, Search } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useScormPackages } from '../api/get-scorm-packages';
import { failureText, formatDate } from './format';
import { PackageStatusBadge } from './package-status-badge';

/** Packages with their status, searchable by title or description and filterable by status. */
export function PackageList({ selectedId, linkSuffix = '' }: { selectedId?: string; linkSuffix?: string }) {
  const { t, i18n } = useTranslation('scorm');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ScormPackageStatus | ''>('');
  const deferredSearch = useDeferredValue(search.trim());
  const packages = useScormPackages({
    ...(deferredSearch ? { search: deferredSearch } : {}),
    ...(status ? { status } : {}),
  });
  const searchId = useId();
  const statusId = useId();

  return (
    <section aria-labelledby={`${searchId}-heading`} className="flex flex-col gap-4">
      <h2 id={`${searchId}-heading`} className="sr-only">
        {t('list.heading')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <Label htmlFor={searchId}>{t('list.searchLabel')}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              className="pl-9"
              value={search}
              placeholder={t('list.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={statusId}>{t('list.statusLabel')}</Label>
          <select
            id={statusId}
            className="h-10 rounded-md border border-border bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
            value={status}
            onChange={(event) => setStatus(event.target.value as ScormPackageStatus | '')}
          >
            <option value="">{t('list.allStatuses')}</option>
            {SCORM_PACKAGE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {packages.isPending ? (
        <Spinner label={t('list.loading')} className="justify-center py-10" />
      ) : packages.isError ? (
        <Alert variant="destructive">
          {t('list.loadFailed')}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void packages.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : packages.data.length === 0 ? (
        <EmptyState
          icon={Package}
          title={deferredSearch || status ? t('list.noMatchesTitle') : t('list.emptyTitle')}
          description={deferredSearch || status ? t('list.noMatches') : t('list.empty')}
          action={
            <Button asChild>
              <Link to="/dashboard/scorm/upload">{t('list.upload')}</Link>
            </Button>
          }
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {packages.data.map((pkg) => (
            <PackageRow
              key={pkg.id}
              pkg={pkg}
              selected={pkg.id === selectedId}
              to={`/dashboard/scorm/packages/${pkg.id}${linkSuffix}`}
              language={i18n.language}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function PackageRow({
  pkg,
  selected,
  to,
  language,
}: {
  pkg: ScormPackage;
  selected: boolean;
  to: string;
  language: string;
}) {
  const { t } = useTranslation('scorm');
  return (
    <li>
      <Link
        to={to}
        aria-current={selected ? 'page' : undefined}
        className={cn(
          'flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card p-4 shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          selected && 'border-primary ring-1 ring-primary',
        )}
      >
        <div className="min-w-0 flex-1">
          <p className="break-words font-medium">{pkg.title}</p>
          <p className="text-sm text-muted-foreground">
            {[
              pkg.version ? t(`versions.${pkg.version}`) : null,
              t('list.scoCount', { count: pkg.sco_count }),
              t('list.enrollmentCount', { count: pkg.enrollment_count }),
              formatDate(pkg.created_at, language),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {pkg.status === 'failed' && pkg.failure_message ? (
            <p className="mt-1 text-sm text-destructive">{failureText(pkg, t, language)}</p>
          ) : null}
        </div>
        <span className="flex items-center gap-1 text-xs text-muted-foreground">
          {pkg.is_public ? (
            <Globe className="size-4" aria-hidden="true" />
          ) : (
            <Lock className="size-4" aria-hidden="true" />
          )}
          {pkg.is_public ? t('visibility.public') : t('visibility.private')}
        </span>
        <PackageStatusBadge status={pkg.status} />
      </Link>
    </li>
  );
}
