import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useResendVerification } from '../api/resend-verification';

/**
 * What a refused sign-in offers: the server answers a wrong password and an unconfirmed account alike, so both get
 * the way to confirm (a new link by email, or the code sent to the phone). Loaded only after a refusal.
 */
export function RefusedSignIn({
  email,
  phoneNumber,
  onEnterCode,
}: {
  email?: string | undefined;
  phoneNumber?: string | undefined;
  onEnterCode: (phoneNumber: string) => void;
}) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  if (email) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{t('notConfirmedHint')}</p>
        <Button variant="outline" disabled={resend.isPending} onClick={() => resend.mutate({ email })}>
          {resend.isSuccess ? t('linkResent') : t('resendLink')}
        </Button>
      </div>
    );
  }
  if (!phoneNumber) return null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">{t('phoneNotConfirmedHint')}</p>
      <Button variant="outline" onClick={() => onEnterCode(phoneNumber)}>
        {t('enterCode')}
      </Button>
    </div>
  );
}
