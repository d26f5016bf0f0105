import { ADMIN_USER_STATUSES, ADMIN_USER_TIER_FILTERS } from '@portal/shared/admin-users';
import { ROLES } from '@portal/shared/roles';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import type { AdminUserListFilters } from '../api/get-admin-users';

/** How long typing pauses before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Last-active choices: "a<N>" active within N days, "i<N>" inactive for N days or more. */
const ACTIVITY_CHOICES = ['a7', 'a30', 'i30', 'i90'] as const;

const selectClass =
  'h-10 rounded-md border border-border bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring';

function activityChoice(filters: AdminUserListFilters): string {
  if (filters.activeWithinDays) return `a${filters.activeWithinDays}`;
  if (filters.inactiveDays) return `i${filters.inactiveDays}`;
  return '';
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('admin-users');
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClass} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('filters.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The search box (debounced) and the filter controls of the user list. */
export function UserFilters({
  filters,
  onChange,
}: {
  filters: AdminUserListFilters;
  onChange: (filters: AdminUserListFilters) => void;
}) {
  const { t } = useTranslation('admin-users');
  const searchId = useId();
  const [search, setSearch] = useState(filters.q ?? '');
  const [lastQ, setLastQ] = useState(filters.q);
  // A search changed from outside (back button, "clear filters") shows in the box.
  if (filters.q !== lastQ) {
    setLastQ(filters.q);
    setSearch(filters.q ?? '');
  }

  useEffect(() => {
    if (search.trim() === (filters.q ?? '')) return;
    const timer = setTimeout(() => onChange({ ...filters, q: search.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const set = (name: keyof AdminUserListFilters) => (value: string) => onChange({ ...filters, [name]: value });
  const setActivity = (value: string) => {
    const days = value.slice(1);
    onChange({
      ...filters,
      activeWithinDays: value.startsWith('a') ? days : '',
      inactiveDays: value.startsWith('i') ? days : '',
    });
  };
  const filtered = ['role', 'tier', 'status', 'beta', 'activeWithinDays', 'inactiveDays', 'q'].some(
    (name) => filters[name as keyof AdminUserListFilters],
  );

  return (
    <section aria-label={t('filters.label')} className="mb-4 flex flex-col gap-4">
      <div className="flex max-w-xl flex-col gap-1.5">
        <Label htmlFor={searchId}>{t('search.label')}</Label>
        <SearchInput
          id={searchId}
          value={search}
          placeholder={t('search.placeholder')}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label={t('filters.role')}
          value={filters.role}
          options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          onChange={set('role')}
        />
        <FilterSelect
          label={t('filters.tier')}
          value={filters.tier}
          options={ADMIN_USER_TIER_FILTERS.map((tier) => ({ value: tier, label: t(`tiers.${tier}`) }))}
          onChange={set('tier')}
        />
        <FilterSelect
          label={t('filters.status')}
          value={filters.status}
          options={ADMIN_USER_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          onChange={set('status')}
        />
        <FilterSelect
          label={t('filters.beta')}
          value={filters.beta}
          options={(['yes', 'no'] as const).map((beta) => ({ value: beta, label: t(`betaOptions.${beta}`) }))}
          onChange={set('beta')}
        />
        <FilterSelect
          label={t('filters.activity')}
          value={activityChoice(filters)}
          options={ACTIVITY_CHOICES.map((choice) => ({ value: choice, label: t(`activity.${choice}`) }))}
          onChange={setActivity}
        />
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() => {
              setSearch('');
              onChange({ sort: filters.sort ?? '', order: filters.order ?? '' });
            }}
          >
            {t('filters.reset')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
