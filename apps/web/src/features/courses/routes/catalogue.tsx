import type { CatalogueQuery } from '@portal/shared/course-catalogue';
import { TIERS, type Tier } from '@portal/shared/tiers';
import { BookOpen, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCatalogue } from '../api/get-catalogue';
import { CourseCard } from '../components/course-card';
import { ErrorState, LoadingState } from '../components/query-state';

const ACCESS = ['all', 'available', 'locked'] as const;
type Access = (typeof ACCESS)[number];
const SEARCH_DELAY_MS = 300;

/** Published courses with search and filters by plan; courses above the learner's plan carry a lock. */
export function CataloguePage() {
  const { t } = useTranslation('courses');
  const [params, setParams] = useSearchParams();
  const ids = { search: useId(), tier: useId(), access: useId() };
  const search = params.get('search') ?? '';
  const tierParam = params.get('tier');
  const tier = TIERS.includes(tierParam as Tier) ? (tierParam as Tier) : undefined;
  const accessParam = params.get('access') as Access | null;
  const access: Access = accessParam && ACCESS.includes(accessParam) ? accessParam : 'all';

  const update = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  // The address follows every keystroke; the request waits for a pause in typing.
  const [debouncedSearch, setDebouncedSearch] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setDebouncedSearch(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const query: CatalogueQuery = { search: debouncedSearch || undefined, tier, access };
  const catalogue = useCatalogue(query);
  const courses = catalogue.data?.courses ?? [];
  const filtered = Boolean(search || tier || access !== 'all');

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('catalogue.title')} description={t('catalogue.description')} />
      <search
        aria-label={t('catalogue.filters')}
        className="grid gap-4 rounded-lg border border-border bg-card p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.search}>{t('catalogue.search')}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={ids.search}
              type="search"
              value={search}
              maxLength={100}
              placeholder={t('catalogue.searchPlaceholder')}
              onChange={(event) => update('search', event.target.value || undefined)}
              className="pl-9"
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.tier}>{t('catalogue.tier')}</Label>
          <Select value={tier ?? 'all'} onValueChange={(value) => update('tier', value === 'all' ? undefined : value)}>
            <SelectTrigger id={ids.tier}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t('catalogue.allTiers')}</SelectItem>
              {TIERS.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`tiers.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.access}>{t('catalogue.access')}</Label>
          <Select value={access} onValueChange={(value) => update('access', value === 'all' ? undefined : value)}>
            <SelectTrigger id={ids.access}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ACCESS.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`catalogue.accessOptions.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </search>
      <p className="sr-only" role="status" aria-live="polite">
        {catalogue.data ? t('catalogue.resultCount', { number: courses.length }) : ''}
      </p>
      {catalogue.isPending ? <LoadingState /> : null}
      {catalogue.isError ? <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} /> : null}
      {catalogue.data && courses.length === 0 ? (
        <EmptyState
          icon={BookOpen}
          title={filtered ? t('catalogue.noMatchTitle') : t('catalogue.emptyTitle')}
          description={filtered ? t('catalogue.noMatchDescription') : t('catalogue.emptyDescription')}
          action={
            filtered ? (
              <Button variant="outline" onClick={() => setParams({}, { replace: true })}>
                {t('catalogue.clearFilters')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {courses.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={catalogue.isFetching || undefined}>
          {courses.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
