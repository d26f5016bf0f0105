import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyPhone } from '../api/verify-phone';
import { useAuthErrorMessage } from './use-auth-error';

/** Enter the 6-digit code sent to a phone number; success signs the user in. */
export function PhoneCodeForm({ phoneNumber, onVerified }: { phoneNumber: string; onVerified: () => void }) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const verify = useVerifyPhone();
  const resend = useResendVerification();
  const errorMessage = useAuthErrorMessage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate({ phoneNumber, code: code.trim() }, { onSuccess: onVerified });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Alert variant="info">{t('phoneCodeSent', { phoneNumber })}</Alert>
      <FormField
        label={t('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={verify.isError ? errorMessage(verify.error) : undefined}
        required
      />
      <Button type="submit" disabled={verify.isPending || code.trim().length !== 6}>
        {t('verifyPhone')}
      </Button>
      <Button variant="link" disabled={resend.isPending} onClick={() => resend.mutate({ phoneNumber })}>
        {resend.isSuccess ? t('codeResent') : t('resendCode')}
      </Button>
    </form>
  );
}
