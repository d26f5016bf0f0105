import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useRegenerateBackupCodes } from '../../api/regenerate-backup-codes';
import { useViewBackupCodes } from '../../api/view-backup-codes';
import { BackupCodesList } from './backup-codes-list';
import { PasswordConfirmForm } from './password-confirm-form';
import { useSecurityErrorMessage } from './use-security-error';

export type BackupCodesMode = 'view' | 'regenerate';

/** Shows the unused backup codes, or replaces them, once the password is confirmed. */
export function BackupCodesDialog({ mode, onClose }: { mode: BackupCodesMode | null; onClose: () => void }) {
  const { t } = useTranslation('security');
  const errorMessage = useSecurityErrorMessage();
  const view = useViewBackupCodes();
  const regenerate = useRegenerateBackupCodes();
  const action = mode === 'regenerate' ? regenerate : view;
  const codes = action.data?.backupCodes;

  const close = () => {
    view.reset();
    regenerate.reset();
    onClose();
  };
  const submit = (password: string) =>
    mode === 'regenerate'
      ? regenerate.mutate({ password }, { onSuccess: () => toast.success(t('backupCodes.regeneratedToast')) })
      : view.mutate({ password });

  return (
    <Dialog open={mode !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{mode === 'regenerate' ? t('backupCodes.regenerateTitle') : t('backupCodes.title')}</DialogTitle>
        <DialogDescription>
          {codes
            ? t('backupCodes.keepSafe')
            : mode === 'regenerate'
              ? t('backupCodes.regenerateDescription')
              : t('backupCodes.viewDescription')}
        </DialogDescription>
        {codes ? (
          <>
            <BackupCodesList codes={codes} />
            <Button className="self-end" onClick={close}>
              {t('close')}
            </Button>
          </>
        ) : (
          <PasswordConfirmForm
            submitLabel={mode === 'regenerate' ? t('backupCodes.regenerate') : t('backupCodes.show')}
            pending={action.isPending}
            error={action.isError ? errorMessage(action.error) : null}
            onSubmit={submit}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
