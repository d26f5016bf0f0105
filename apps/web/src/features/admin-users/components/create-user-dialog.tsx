import { ROLES, type Role } from '@portal/shared/roles';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { useCreateAdminUser } from '../api/create-admin-user';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Create user": name, email and role; the new user gets an invitation mail to choose a password. */
export function CreateUserDialog() {
  const { t } = useTranslation('admin-users');
  const roleId = useId();
  const create = useCreateAdminUser();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('learner');
  const [errors, setErrors] = useState<{ name?: string; email?: string; form?: string }>({});

  const reset = () => {
    setName('');
    setEmail('');
    setRole('learner');
    setErrors({});
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(name.trim() ? {} : { name: t('create.errors.name') }),
      ...(EMAIL.test(email.trim()) ? {} : { email: t('create.errors.email') }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { name: name.trim(), email: email.trim(), role },
      {
        onSuccess: () => {
          toast.success(t('create.done', { email: email.trim() }));
          reset();
          setOpen(false);
        },
        onError: (failure) =>
          setErrors({
            form:
              failure instanceof ApiError && failure.code === 'user_exists'
                ? t('create.errors.exists')
                : t('create.errors.failed'),
          }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>{t('create.open')}</Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('create.close')}>
        <DialogTitle>{t('create.title')}</DialogTitle>
        <DialogDescription>{t('create.description')}</DialogDescription>
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          {errors.form ? <Alert variant="destructive">{errors.form}</Alert> : null}
          <FormField
            label={t('create.name')}
            value={name}
            maxLength={120}
            autoComplete="off"
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <FormField
            label={t('create.email')}
            type="email"
            value={email}
            maxLength={254}
            autoComplete="off"
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={roleId}>{t('create.role')}</Label>
            <select
              id={roleId}
              className="h-10 rounded-md border border-border bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              {ROLES.map((option) => (
                <option key={option} value={option}>
                  {t(`roles.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('create.sending') : t('create.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
