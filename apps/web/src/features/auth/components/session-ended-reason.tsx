import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import type { SignedOutReason } from '@/lib/session-ended';

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

/** Why the server signed this tab out, in words. */
export function SessionEndedReason({ reason }: { reason: SignedOutReason }) {
  return (
    <Alert variant={reason === 'expired' ? 'info' : 'warning'} role="alert" className="mb-4">
      {useReasonText(reason)}
    </Alert>
  );
}
