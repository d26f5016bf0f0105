import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api';
import { useChangeEmail } from '../api/change-email';

/** Asks for a new address; it replaces the current one once the emailed link is opened. */
export function ChangeEmailCard({ currentEmail }: { currentEmail: string | null }) {
  const { t } = useTranslation('settings');
  const [newEmail, setNewEmail] = useState('');
  const change = useChangeEmail();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ newEmail: newEmail.trim() });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('changeEmail.title')}</CardTitle>
        <CardDescription>
          {currentEmail ? t('changeEmail.current', { email: currentEmail }) : t('changeEmail.none')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {change.isSuccess ? (
          <Alert variant="success">{t('changeEmail.sent', { email: newEmail.trim() })}</Alert>
        ) : (
          <form onSubmit={submit} className="flex max-w-md flex-col gap-4" noValidate>
            <FormField
              label={t('changeEmail.newEmail')}
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={(event) => setNewEmail(event.target.value)}
              error={
                change.isError
                  ? change.error instanceof ApiError && change.error.code === 'validation_failed'
                    ? t('changeEmail.invalid')
                    : t('changeEmail.failed')
                  : undefined
              }
            />
            <Button type="submit" className="self-start" disabled={change.isPending || newEmail.trim() === ''}>
              {t('changeEmail.send')}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
