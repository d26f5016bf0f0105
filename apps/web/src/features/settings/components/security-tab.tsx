import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { useSignOut } from '@/lib/auth';
import { useChangePassword } from '../api/change-password';

function ChangePasswordCard() {
  const { t } = useTranslation('dashboard');
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          toast.success(t('settings.security.passwordUpdatedTitle'), {
            description: t('settings.security.passwordUpdatedDescription'),
          });
          setCurrent('');
          setNext('');
        },
        onError: () => toast.error(t('settings.security.passwordFailed')),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.security.changePassword')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex max-w-md flex-col gap-4">
          <FormField
            label={t('settings.security.currentPassword')}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <FormField
            label={t('settings.security.newPassword')}
            type="password"
            autoComplete="new-password"
            hint={t('settings.security.passwordHint')}
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
          <Button type="submit" className="self-start" disabled={change.isPending || !current || !next}>
            {t('settings.security.updatePassword')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SessionsCard() {
  const { t } = useTranslation('dashboard');
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.security.sessions')}</CardTitle>
        <CardDescription>{t('settings.security.sessionsDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate('others', {
              onSuccess: () => toast.success(t('settings.security.othersSignedOut')),
              onError: () => toast.error(t('settings.security.signOutFailed')),
            })
          }
        >
          {t('settings.security.signOutOthers')}
        </Button>
        <Button
          variant="destructive"
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate('global', {
              onSuccess: () => navigate('/login', { replace: true }),
              onError: () => toast.error(t('settings.security.signOutFailed')),
            })
          }
        >
          {t('settings.security.signOutEverywhere')}
        </Button>
      </CardContent>
    </Card>
  );
}

export function SecurityTab() {
  return (
    <div className="flex flex-col gap-6">
      <ChangePasswordCard />
      <SessionsCard />
    </div>
  );
}
