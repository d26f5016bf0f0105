import { PASSWORD_MIN_LENGTH } from '@portal/shared/auth-rules';
import type { PasswordContext, PasswordWeakness } from '@portal/shared/password-rules';
import { type ComponentProps, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePasswordWeaknessText } from './password-weakness-text';
import { Input } from './ui/input';
import { Label } from './ui/label';

type Checker = (password: string, context: PasswordContext) => PasswordWeakness[];

// The rule carries a large dictionary of common passwords, so it loads on first use instead of with the app.
let checker: Promise<Checker> | undefined;
const loadChecker = () => {
  checker ??= import('@portal/shared/password').then((module) => module.passwordWeaknesses);
  return checker;
};

/** Why the password is too weak, by the rule the server applies; null while the rule is loading. */
export function usePasswordWeaknesses(password: string, context: PasswordContext): PasswordWeakness[] | null {
  const [check, setCheck] = useState<Checker | null>(null);
  useEffect(() => {
    let mounted = true;
    void loadChecker().then((loaded) => {
      if (mounted) setCheck(() => loaded);
    });
    return () => {
      mounted = false;
    };
  }, []);
  const { email, name, phoneNumber } = context;
  return useMemo(
    () => (check ? check(password, { email, name, phoneNumber }) : null),
    [check, password, email, name, phoneNumber],
  );
}

type NewPasswordFieldProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The address, name or number the password must not be built from. */
  context?: PasswordContext;
  error?: string | undefined;
};

/** A new-password input that says, as the user types, what still makes the password too weak. */
export function NewPasswordField({ label, value, onChange, context = {}, error, id, ...props }: NewPasswordFieldProps) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const weaknesses = usePasswordWeaknesses(value, context);
  const describe = usePasswordWeaknessText();
  const weak = value !== '' && weaknesses !== null && weaknesses.length > 0;
  const describedBy = [`${inputId}-hint`, `${inputId}-check`, error ? `${inputId}-error` : null].filter(Boolean);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={weak || error ? true : undefined}
        aria-describedby={describedBy.join(' ')}
        {...props}
      />
      <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
        {t('password.hint', { min: PASSWORD_MIN_LENGTH })}
      </p>
      <div id={`${inputId}-check`} aria-live="polite" className="text-xs">
        {value === '' ? null : weaknesses === null ? (
          <p className="text-muted-foreground">{t('password.checking')}</p>
        ) : weak ? (
          <ul className="list-disc pl-4 text-destructive">
            {weaknesses.map((reason) => (
              <li key={reason}>{describe(reason)}</li>
            ))}
          </ul>
        ) : (
          <p className="text-success">{t('password.strongEnough')}</p>
        )}
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
