import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { pendingSignOutReason, type SignedOutReason, takeSignOutReason } from '@/lib/session-ended';

function useReasonText(reason: SignedOutReason) {
  const { t } = useTranslation('session-ended');
  switch (reason) {
    case 'suspended':
      return t('auth:errors.account_suspended');
    case 'signed_out':
      return t('signedOut');
    case 'deleted':
      return t('deleted');
    case 'expired':
      return t('expired');
  }
}

function Notice({ reason }: { reason: SignedOutReason }) {
  return (
    <Alert variant={reason === 'expired' ? 'info' : 'warning'} role="alert" className="mb-4">
      {useReasonText(reason)}
    </Alert>
  );
}

/** On the sign-in page: why the server just signed this tab out (an admin's action or a lost session), shown once. */
export function SessionEndedNotice() {
  const [reason] = useState(pendingSignOutReason);
  useEffect(() => {
    takeSignOutReason();
  }, []);
  return reason ? <Notice reason={reason} /> : null;
}
