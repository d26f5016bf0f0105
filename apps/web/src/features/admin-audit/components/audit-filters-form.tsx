import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { type AuditFilters, EMPTY_AUDIT_FILTERS } from '../api/get-audit-events';

/** The filters are applied together when the form is sent, not on every keystroke. */
export function AuditFiltersForm({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation('admin-audit');
  const [draft, setDraft] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const datesInOrder = !draft.from || !draft.to || draft.from <= draft.to;
  const field = (name: keyof AuditFilters) => ({
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (datesInOrder) onApply(draft);
  };
  return (
    <form onSubmit={submit} aria-label={t('filters.label')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <FormField label={t('filters.actor')} hint={t('filters.personHint')} {...field('actor')} />
      <FormField label={t('filters.target')} hint={t('filters.personHint')} {...field('target')} />
      <FormField label={t('filters.action')} hint={t('filters.actionHint')} {...field('action')} />
      <FormField
        label={t('filters.from')}
        type="date"
        {...field('from')}
        error={datesInOrder ? undefined : t('filters.datesOutOfOrder')}
      />
      <FormField label={t('filters.to')} type="date" {...field('to')} />
      <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
        <Button type="submit">{t('filters.apply')}</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setDraft(EMPTY_AUDIT_FILTERS);
            onApply(EMPTY_AUDIT_FILTERS);
          }}
        >
          {t('filters.reset')}
        </Button>
      </div>
    </form>
  );
}
