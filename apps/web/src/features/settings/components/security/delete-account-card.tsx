import { ACCOUNT_DELETION_CONFIRMATION } from '@portal/shared/auth';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { useDeleteAccount } from '../../api/delete-account';
import { useSecurityErrorMessage } from './use-security-error';

function DeleteAccountForm() {
  const { t } = useTranslation('security');
  const errorMessage = useSecurityErrorMessage();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const ready = password !== '' && confirm === ACCOUNT_DELETION_CONFIRMATION;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    deleteAccount.mutate(
      { password, confirm: ACCOUNT_DELETION_CONFIRMATION },
      {
        onSuccess: () => {
          toast.success(t('deleteAccount.deleted'));
          void navigate('/', { replace: true });
        },
      },
    );
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
      <FormField
        label={t('deleteAccount.confirmLabel', { word: ACCOUNT_DELETION_CONFIRMATION })}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        required
      />
      {deleteAccount.isError ? <Alert variant="destructive">{errorMessage(deleteAccount.error)}</Alert> : null}
      <Button type="submit" variant="destructive" className="self-end" disabled={deleteAccount.isPending || !ready}>
        {deleteAccount.isPending ? t('working') : t('deleteAccount.submit')}
      </Button>
    </form>
  );
}

/** Permanent deletion behind the password and the typed word DELETE. */
export function DeleteAccountCard() {
  const { t } = useTranslation('security');
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{t('deleteAccount.title')}</CardTitle>
        <CardDescription>{t('deleteAccount.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="destructive">
              <Trash2 aria-hidden="true" />
              {t('deleteAccount.open')}
            </Button>
          </DialogTrigger>
          <DialogContent closeLabel={t('close')}>
            <DialogTitle>{t('deleteAccount.dialogTitle')}</DialogTitle>
            <DialogDescription>{t('deleteAccount.dialogDescription')}</DialogDescription>
            {open ? <DeleteAccountForm /> : null}
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
