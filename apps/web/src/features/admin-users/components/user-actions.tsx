import type { AdminUserDetail } from '@portal/shared/admin-users';
import { ROLES, type Role } from '@portal/shared/roles';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { type ActionResult, type AdminUserAction, useAdminUserAction } from '../api/run-admin-user-action';

const selectClass =
  'h-10 rounded-md border border-border bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring';
/** Actions that end access or remove something ask first. */
const CONFIRMED = new Set<AdminUserAction['kind']>(['role', 'suspend', 'sign-out', 'revoke-tier', 'delete']);

const tomorrowPlus = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** What an admin can do to the account, each with its outcome as a toast; destructive ones are confirmed first. */
export function UserActions({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin-users');
  const navigate = useNavigate();
  const roleId = useId();
  const tierId = useId();
  const untilId = useId();
  const { user, subscription } = detail;
  const action = useAdminUserAction(user.id);
  const [role, setRole] = useState<Role>(user.role);
  const [grantTier, setGrantTier] = useState<'me' | 'us' | 'universal'>('me');
  const [until, setUntil] = useState(tomorrowPlus(30));
  const [confirming, setConfirming] = useState<AdminUserAction | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const failureText = (failure: unknown) => {
    if (!(failure instanceof ApiError)) return t('errors.failed');
    const reason = failure.reasons[0];
    if (failure.code === 'last_admin') return t('errors.last_admin');
    if (failure.code === 'not_found') return t('errors.not_found');
    if (failure.code === 'validation_failed' || failure.code === 'bad_request') return t('errors.invalid');
    if (failure.code === 'conflict' && reason) return t(`errors.${reason}`, { defaultValue: t('errors.failed') });
    return t('errors.failed');
  };

  const run = (next: AdminUserAction) => {
    action.mutate(next, {
      onSuccess: (result) => {
        const changed = (result as ActionResult | null)?.changed ?? true;
        toast.success(changed ? t(`actions.${next.kind}.done`) : t(`actions.${next.kind}.unchanged`));
        setConfirming(null);
        if (next.kind === 'delete') void navigate('/dashboard/admin/users');
      },
      onError: (failure) => {
        if (confirming) setConfirmError(failureText(failure));
        else toast.error(failureText(failure));
      },
    });
  };
  const ask = (next: AdminUserAction) => {
    if (!CONFIRMED.has(next.kind)) return run(next);
    setConfirmError(null);
    setConfirming(next);
  };
  const busy = action.isPending;

  const onRole = (event: FormEvent) => {
    event.preventDefault();
    ask({ kind: 'role', role });
  };
  const onGrant = (event: FormEvent) => {
    event.preventDefault();
    run({ kind: 'grant-tier', tier: grantTier, until });
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="flex flex-col gap-4 p-5">
        <h2 className="text-lg font-semibold">{t('actions.accessTitle')}</h2>
        <form className="flex flex-wrap items-end gap-2" onSubmit={onRole}>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={roleId}>{t('actions.role.label')}</Label>
            <select
              id={roleId}
              className={selectClass}
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
          <Button type="submit" variant="outline" disabled={busy || role === user.role}>
            {t('actions.role.submit')}
          </Button>
        </form>
        <div className="flex flex-wrap gap-2">
          {user.status === 'active' ? (
            <Button variant="destructive" disabled={busy} onClick={() => ask({ kind: 'suspend' })}>
              {t('actions.suspend.button')}
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => ask({ kind: 'reactivate' })}>
              {t('actions.reactivate.button')}
            </Button>
          )}
          <Button variant="outline" disabled={busy} onClick={() => ask({ kind: 'sign-out' })}>
            {t('actions.sign-out.button')}
          </Button>
          <Button variant="outline" disabled={busy || !user.email} onClick={() => ask({ kind: 'password-reset' })}>
            {t('actions.password-reset.button')}
          </Button>
          <Button
            variant="outline"
            disabled={busy}
            aria-pressed={user.beta_access}
            onClick={() => ask({ kind: 'beta', betaAccess: !user.beta_access })}
          >
            {user.beta_access ? t('actions.beta.revoke') : t('actions.beta.grant')}
          </Button>
        </div>
      </Card>

      <Card className="flex flex-col gap-4 p-5">
        <h2 className="text-lg font-semibold">{t('actions.planTitle')}</h2>
        <form className="flex flex-wrap items-end gap-2" onSubmit={onGrant}>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={tierId}>{t('actions.grant-tier.tier')}</Label>
            <select
              id={tierId}
              className={selectClass}
              value={grantTier}
              onChange={(event) => setGrantTier(event.target.value as typeof grantTier)}
            >
              {(['me', 'us', 'universal'] as const).map((tier) => (
                <option key={tier} value={tier}>
                  {t(`tiers.${tier}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={untilId}>{t('actions.grant-tier.until')}</Label>
            <input
              id={untilId}
              type="date"
              className={selectClass}
              value={until}
              min={tomorrowPlus(0)}
              required
              onChange={(event) => setUntil(event.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" disabled={busy || !until}>
            {t('actions.grant-tier.button')}
          </Button>
        </form>
        {subscription.complimentary ? (
          <div>
            <Button variant="outline" disabled={busy} onClick={() => ask({ kind: 'revoke-tier' })}>
              {t('actions.revoke-tier.button')}
            </Button>
          </div>
        ) : null}
        <div className="mt-auto border-t border-border pt-4">
          <Button variant="destructive" disabled={busy} onClick={() => ask({ kind: 'delete' })}>
            {t('actions.delete.button')}
          </Button>
        </div>
      </Card>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming ? t(`actions.${confirming.kind}.confirmTitle`) : ''}
        description={
          confirming
            ? t(`actions.${confirming.kind}.confirmText`, {
                name: user.name,
                role: confirming.kind === 'role' ? t(`roles.${confirming.role}`) : '',
              })
            : ''
        }
        confirmLabel={confirming ? t(`actions.${confirming.kind}.confirm`) : ''}
        destructive={confirming?.kind !== 'role'}
        pending={busy}
        error={confirmError}
        onConfirm={() => {
          if (confirming) run(confirming);
        }}
      />
    </div>
  );
}
