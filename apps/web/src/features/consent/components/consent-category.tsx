import { CONSENT_RETENTION, type ConsentType } from '@portal/shared/consent-choices';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsentSwitch } from './consent-switch';

/** The retention text of a category, e.g. "Kept for 26 months". */
export function useRetentionText() {
  const { t } = useTranslation('consent');
  return (type: ConsentType) => {
    const retention = CONSENT_RETENTION[type];
    return retention.kind === 'session' ? t('retention.session') : t('retention.months', { count: retention.months });
  };
}

/** One cookie category: its name, purpose and retention, and a switch (essential is always on). */
export function ConsentCategory({
  type,
  checked,
  disabled = false,
  onCheckedChange,
}: {
  type: ConsentType;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('consent');
  const retentionText = useRetentionText();
  const id = useId();
  const essential = type === 'essential';
  return (
    <div className="flex items-start justify-between gap-4 rounded-md border border-border p-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-switch`} className="text-sm font-medium">
          {t(`categories.${type}.name`)}
          {essential ? <span className="ml-2 text-xs text-muted-foreground">{t('alwaysOn')}</span> : null}
        </label>
        <p id={`${id}-details`} className="text-sm text-muted-foreground">
          {t(`categories.${type}.purpose`)} <span className="block text-xs">{retentionText(type)}</span>
        </p>
      </div>
      <ConsentSwitch
        id={`${id}-switch`}
        checked={essential || checked}
        disabled={essential || disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-details`}
      />
    </div>
  );
}
