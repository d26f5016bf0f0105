import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';

/** Asks for the current password before a sensitive change. */
export function PasswordConfirmForm({
  submitLabel,
  pending,
  error,
  destructive = false,
  onSubmit,
}: {
  submitLabel: string;
  pending: boolean;
  error: string | null;
  destructive?: boolean;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation('security');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormField
        label={t('password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <Button
        type="submit"
        variant={destructive ? 'destructive' : 'default'}
        className="self-end"
        disabled={pending || !password}
      >
        {pending ? t('working') : submitLabel}
      </Button>
    </form>
  );
}
