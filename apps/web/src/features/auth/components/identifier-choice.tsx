import { Mail, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export type IdentifierKind = 'email' | 'phone';

/** Email or phone number: a two-option radio group. */
export function IdentifierChoice({
  value,
  onChange,
}: {
  value: IdentifierKind;
  onChange: (kind: IdentifierKind) => void;
}) {
  const { t } = useTranslation('auth');
  const options = [
    { kind: 'email' as const, label: t('useEmail'), icon: Mail },
    { kind: 'phone' as const, label: t('usePhone'), icon: Smartphone },
  ];
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{t('signInWith')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <label
            key={option.kind}
            className={cn(
              'flex cursor-pointer items-center justify-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              value === option.kind && 'border-primary bg-accent text-primary',
            )}
          >
            <input
              type="radio"
              name="identifier-kind"
              value={option.kind}
              checked={value === option.kind}
              onChange={() => onChange(option.kind)}
              className="sr-only"
            />
            <option.icon className="size-4" aria-hidden="true" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
