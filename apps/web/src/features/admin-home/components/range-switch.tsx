import { OVERVIEW_RANGES, type OverviewRange } from '@portal/shared/admin-overview';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The period the figures cover; each button says whether it is the chosen one. */
export function RangeSwitch({ value, onChange }: { value: OverviewRange; onChange: (range: OverviewRange) => void }) {
  const { t } = useTranslation('admin-home');
  return (
    <fieldset className="flex gap-1 rounded-md border border-border p-1">
      <legend className="sr-only">{t('range.label')}</legend>
      {OVERVIEW_RANGES.map((range) => (
        <Button
          key={range}
          size="sm"
          variant={range === value ? 'default' : 'ghost'}
          aria-pressed={range === value}
          onClick={() => onChange(range)}
        >
          {t('range.days', { count: range })}
        </Button>
      ))}
    </fieldset>
  );
}
