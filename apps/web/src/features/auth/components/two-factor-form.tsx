import { isTotpCode, TOTP_CODE_LENGTH } from '@portal/shared/auth-rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { useAuthErrorMessage } from './use-auth-error';

const BACKUP_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** The second sign-in step: a code from the authenticator app, or one of the backup codes. */
export function TwoFactorForm({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const errorMessage = useAuthErrorMessage();
  const verify = useVerifyTwoFactor();
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const trimmed = code.replace(/\s/g, '');
  const valid = useBackupCode ? BACKUP_CODE.test(trimmed) : isTotpCode(trimmed);
  const expired = verify.error instanceof ApiError && verify.error.code === 'unauthorized';
  // Too many wrong codes end the attempt as well; the user starts again with the password.
  const mustRestart = expired || (verify.error instanceof ApiError && verify.error.code === 'rate_limited');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) verify.mutate({ code: trimmed, trustDevice }, { onSuccess: onSignedIn });
  };
  const switchMethod = () => {
    setUseBackupCode(!useBackupCode);
    setCode('');
    verify.reset();
  };
  const error = !verify.isError
    ? undefined
    : verify.error instanceof ApiError && verify.error.code === 'invalid_credentials'
      ? t('twoFactor.wrongCode')
      : expired
        ? verify.error instanceof ApiError && verify.error.reasons.includes('code_reused')
          ? t('twoFactor.reused')
          : t('twoFactor.expired')
        : errorMessage(verify.error);

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label={t('twoFactor.title')}>
      <Alert variant="info">{useBackupCode ? t('twoFactor.backupPrompt') : t('twoFactor.prompt')}</Alert>
      <FormField
        key={useBackupCode ? 'backup' : 'totp'}
        label={useBackupCode ? t('twoFactor.backupCode') : t('twoFactor.code')}
        inputMode={useBackupCode ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={useBackupCode ? 12 : TOTP_CODE_LENGTH + 2}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
        autoFocus
        required
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.target.checked)}
        />
        {t('twoFactor.trustDevice')}
      </label>
      <Button type="submit" disabled={verify.isPending || !valid}>
        {verify.isPending ? t('twoFactor.verifying') : t('twoFactor.verify')}
      </Button>
      <Button variant="link" onClick={switchMethod}>
        {useBackupCode ? t('twoFactor.useAuthenticator') : t('twoFactor.useBackupCode')}
      </Button>
      {mustRestart ? (
        <Button variant="outline" onClick={onRestart}>
          {t('twoFactor.restart')}
        </Button>
      ) : null}
    </form>
  );
}
