import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { useAcceptInvite } from '../api/accept-invite';

const INVITE_ERRORS = ['invalid', 'other_email', 'owner_inactive', 'already_member', 'own_plan'] as const;

/** The accept link of a shared-plan invitation: sign in with the invited address, then accept. */
export function AcceptInvite() {
  const { token = '' } = useParams();
  const { t } = useTranslation('plans');
  const me = useMe();
  const accept = useAcceptInvite();
  const from = `/subscription/invite/${token}`;

  const errorText = () => {
    const reason = accept.error instanceof ApiError ? accept.error.reasons[0] : undefined;
    const known = INVITE_ERRORS.find((candidate) => candidate === reason);
    return known ? t(`invite.errors.${known}`) : t('manage.failed');
  };

  let body: React.ReactNode;
  if (me.isPending) body = <Spinner label={t('loading')} />;
  else if (!me.data) {
    body = (
      <>
        <p className="text-muted-foreground">{t('invite.signInFirst')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/login" state={{ from }}>
              {t('success.signIn')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/login?mode=signup" state={{ from }}>
              {t('invite.signUp')}
            </Link>
          </Button>
        </div>
      </>
    );
  } else if (accept.isSuccess) {
    body = (
      <>
        <Alert variant="success">{t('invite.accepted', { owner: accept.data.owner_name })}</Alert>
        <Button asChild>
          <Link to="/dashboard/learner">{t('success.continue')}</Link>
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <p className="text-muted-foreground">{t('invite.description')}</p>
        {accept.isError ? <Alert variant="destructive">{errorText()}</Alert> : null}
        <Button onClick={() => accept.mutate(token)} disabled={accept.isPending}>
          {accept.isPending ? t('invite.accepting') : t('invite.accept')}
        </Button>
      </>
    );
  }
  return (
    <section
      aria-labelledby="invite-title"
      className="mx-auto flex max-w-lg flex-col items-center gap-5 px-4 py-16 text-center"
    >
      <Users className="size-10 text-primary" aria-hidden="true" />
      <h1 id="invite-title" className="text-2xl font-semibold tracking-tight">
        {t('invite.title')}
      </h1>
      {body}
    </section>
  );
}
