import type { SharedPlan } from '@portal/shared/seats';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api';
import { formatInstant } from '@/lib/intl-formats';
import { type SeatAction, useManageSeats } from '../api/manage-seats';

const SEAT_ERRORS = ['seats_full', 'already_invited', 'own_email'] as const;

/** The owner's seats of a shared plan: invite by email, resend or revoke invitations, remove members. */
export function SharedPlanSeats({ plan }: { plan: SharedPlan }) {
  const { t, i18n } = useTranslation('plans');
  const seats = useManageSeats();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const full = plan.seats_used >= plan.seat_limit;

  const errorText = (failure: unknown) => {
    const reason = failure instanceof ApiError ? failure.reasons[0] : undefined;
    const known = SEAT_ERRORS.find((candidate) => candidate === reason);
    if (known) return t(`seats.errors.${known}`);
    return failure instanceof ApiError && failure.status < 500 ? failure.message : t('manage.failed');
  };
  const run = (action: SeatAction, done: string) =>
    seats.mutate(action, {
      onSuccess: () => toast.success(done),
      onError: (failure) => toast.error(errorText(failure)),
    });
  const onInvite = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError(t('seats.badEmail'));
      return;
    }
    seats.mutate(
      { kind: 'invite', email: email.trim() },
      {
        onSuccess: () => {
          toast.success(t('seats.invited', { email: email.trim() }));
          setEmail('');
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };

  return (
    <section aria-labelledby="seats-title" className="mb-10">
      <h2 id="seats-title" className="text-lg font-semibold">
        {t('seats.title')}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground" data-testid="seats-used">
        {t('seats.used', { used: plan.seats_used, limit: plan.seat_limit })}
      </p>
      <form className="mb-6 flex max-w-md flex-col gap-3" onSubmit={onInvite} noValidate>
        <FormField
          label={t('seats.emailLabel')}
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
          error={error}
          hint={full ? t('seats.full') : undefined}
          autoComplete="off"
        />
        <Button type="submit" className="self-start" disabled={seats.isPending || full}>
          {t('seats.invite')}
        </Button>
      </form>
      {plan.seats.length > 0 ? (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {plan.seats.map((seat) => (
            <li key={seat.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{seat.member_name ?? seat.email}</p>
                <p className="truncate text-muted-foreground">
                  {seat.status === 'active'
                    ? seat.email
                    : t('seats.sentOn', {
                        date: formatInstant(seat.last_sent_at, i18n.language, { dateStyle: 'medium' }),
                      })}
                </p>
              </div>
              <Badge>{t(`seats.status.${seat.status}`)}</Badge>
              {seat.status === 'pending' ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => run({ kind: 'resend', seatId: seat.id }, t('seats.resent', { email: seat.email }))}
                  disabled={seats.isPending}
                  aria-label={t('seats.resendTo', { email: seat.email })}
                >
                  {t('seats.resend')}
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="ghost"
                onClick={() => run({ kind: 'release', seatId: seat.id }, t('seats.released', { email: seat.email }))}
                disabled={seats.isPending}
                aria-label={t(seat.status === 'pending' ? 'seats.revokeFor' : 'seats.removeMember', {
                  email: seat.email,
                })}
              >
                {seat.status === 'pending' ? t('seats.revoke') : t('seats.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
