import type { BillingInterval } from '@portal/shared/billing';
import { BILLING_INTERVALS } from '@portal/shared/tiers';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** Monthly or yearly, as a radio group that looks like a segmented switch. */
export function IntervalSwitch({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
}) {
  const { t } = useTranslation('plans');
  return (
    <fieldset className="inline-flex rounded-lg border border-border bg-muted p-1">
      <legend className="sr-only">{t('intervalLabel')}</legend>
      {BILLING_INTERVALS.map((option) => (
        <label
          key={option}
          className={cn(
            'cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            value === option ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <input
            type="radio"
            name="billing-interval"
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className="sr-only"
          />
          {t(`intervals.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}
