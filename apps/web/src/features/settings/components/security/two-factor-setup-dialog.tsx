import { isTotpCode, TOTP_CODE_LENGTH, type TwoFactorEnrolment } from '@portal/shared/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { useConfirmTwoFactor } from '../../api/confirm-two-factor';
import { useEnableTwoFactor } from '../../api/enable-two-factor';
import { BackupCodesList } from './backup-codes-list';
import { PasswordConfirmForm } from './password-confirm-form';
import { QrCode } from './qr-code';
import { useSecurityErrorMessage } from './use-security-error';

function ScanStep({ enrolment, onConfirmed }: { enrolment: TwoFactorEnrolment; onConfirmed: () => void }) {
  const { t } = useTranslation('security');
  const errorMessage = useSecurityErrorMessage();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const trimmed = code.replace(/\s/g, '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isTotpCode(trimmed)) confirm.mutate({ code: trimmed }, { onSuccess: onConfirmed });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm">{t('twoFactor.setup.scan')}</p>
      <div className="flex justify-center">
        <QrCode value={enrolment.totpURI} label={t('twoFactor.setup.qrLabel')} />
      </div>
      <FormField
        label={t('twoFactor.setup.secretLabel')}
        hint={t('twoFactor.setup.manualEntry')}
        readOnly
        value={enrolment.secret}
        onFocus={(event) => event.target.select()}
        className="font-mono"
      />
      <FormField
        label={t('twoFactor.setup.codeLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={TOTP_CODE_LENGTH + 2}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={confirm.isError ? errorMessage(confirm.error, 'code') : undefined}
        required
      />
      <Button type="submit" className="self-end" disabled={confirm.isPending || !isTotpCode(trimmed)}>
        {confirm.isPending ? t('working') : t('twoFactor.setup.confirm')}
      </Button>
    </form>
  );
}

/** Password, then QR code and a code from the app, then the backup codes to keep. */
export function TwoFactorSetupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('security');
  const errorMessage = useSecurityErrorMessage();
  const enable = useEnableTwoFactor();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [confirmed, setConfirmed] = useState(false);

  const changeOpen = (next: boolean) => {
    if (!next) {
      setEnrolment(null);
      setConfirmed(false);
      enable.reset();
    }
    onOpenChange(next);
  };
  const onConfirmed = () => {
    setConfirmed(true);
    toast.success(t('twoFactor.enabledToast'));
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent closeLabel={t('close')} className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{confirmed ? t('twoFactor.setup.doneTitle') : t('twoFactor.setup.title')}</DialogTitle>
        <DialogDescription>
          {confirmed
            ? t('twoFactor.setup.backupCodesIntro')
            : enrolment
              ? t('twoFactor.setup.scanDescription')
              : t('twoFactor.setup.passwordDescription')}
        </DialogDescription>
        {!enrolment ? (
          <PasswordConfirmForm
            submitLabel={t('continue')}
            pending={enable.isPending}
            error={enable.isError ? errorMessage(enable.error) : null}
            onSubmit={(password) => enable.mutate({ password }, { onSuccess: setEnrolment })}
          />
        ) : confirmed ? (
          <>
            <BackupCodesList codes={enrolment.backupCodes} />
            <Button className="self-end" onClick={() => changeOpen(false)}>
              {t('twoFactor.setup.done')}
            </Button>
          </>
        ) : (
          <ScanStep enrolment={enrolment} onConfirmed={onConfirmed} />
        )}
      </DialogContent>
    </Dialog>
  );
}
