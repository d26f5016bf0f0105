import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { NewPasswordField } from '@/components/new-password-field';
import { useWeakPasswordReasons } from '@/components/password-weakness-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { useChangePassword } from '../api/change-password';
import { DataExportCard } from './security/data-export-card';
import { DeleteAccountCard } from './security/delete-account-card';
import { SessionsCard } from './security/sessions-card';
import { TwoFactorCard } from './security/two-factor-card';

export function ChangePasswordCard() {
  const { t } = useTranslation('security');
  const change = useChangePassword();
  const me = useMe();
  const weakPasswordReasons = useWeakPasswordReasons();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  // Someone who changes a password after a leak wants the other devices out, so that is the default.
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [problem, setProblem] = useState<'wrongCurrent' | 'sameAsCurrent' | null>(null);
  // Confirmed in the card after a change that signed the other devices out; the toast says the password changed.
  const [othersSignedOut, setOthersSignedOut] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOthersSignedOut(false);
    if (next === current) {
      setProblem('sameAsCurrent');
      return;
    }
    setProblem(null);
    change.mutate(
      { currentPassword: current, newPassword: next, revokeOtherSessions: signOutOthers },
      {
        onSuccess: () => {
          toast.success(t('changePassword.updatedTitle'), { description: t('changePassword.updatedDescription') });
          setOthersSignedOut(signOutOthers);
          setCurrent('');
          setNext('');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'invalid_credentials') return setProblem('wrongCurrent');
          if (error instanceof ApiError && error.reasons.includes('same_password')) return setProblem('sameAsCurrent');
          toast.error(t('changePassword.failed'), {
            description:
              error instanceof ApiError && error.code === 'weak_password'
                ? weakPasswordReasons(error.reasons).join(' ')
                : undefined,
          });
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('changePassword.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex max-w-md flex-col gap-4">
          <FormField
            label={t('changePassword.currentPassword')}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => {
              setCurrent(event.target.value);
              if (problem === 'wrongCurrent') setProblem(null);
            }}
            error={problem === 'wrongCurrent' ? t('changePassword.wrongCurrent') : undefined}
          />
          <NewPasswordField
            label={t('changePassword.newPassword')}
            value={next}
            onChange={(value) => {
              setNext(value);
              if (problem === 'sameAsCurrent') setProblem(null);
            }}
            error={problem === 'sameAsCurrent' ? t('changePassword.sameAsCurrent') : undefined}
            context={{ email: me.data?.user.email, name: me.data?.user.name, phoneNumber: me.data?.user.phoneNumber }}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={signOutOthers}
              onChange={(event) => setSignOutOthers(event.target.checked)}
            />
            {t('changePassword.signOutOthers')}
          </label>
          <div className="flex flex-col gap-2">
            <Button type="submit" className="self-start" disabled={change.isPending || !current || !next}>
              {t('changePassword.submit')}
            </Button>
            <p role="status" className="text-sm text-muted-foreground">
              {othersSignedOut ? t('changePassword.updatedSignedOut') : null}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export function SecurityTab() {
  return (
    <div className="flex flex-col gap-6">
      <ChangePasswordCard />
      <TwoFactorCard />
      <SessionsCard />
      <DataExportCard />
      <DeleteAccountCard />
    </div>
  );
}
