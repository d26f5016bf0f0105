import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useDisableTwoFactor } from '../../api/disable-two-factor';
import { PasswordConfirmForm } from './password-confirm-form';
import { useSecurityErrorMessage } from './use-security-error';

export function DisableTwoFactorDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('security');
  const errorMessage = useSecurityErrorMessage();
  const disable = useDisableTwoFactor();
  const changeOpen = (next: boolean) => {
    if (!next) disable.reset();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('twoFactor.disableTitle')}</DialogTitle>
        <DialogDescription>{t('twoFactor.disableDescription')}</DialogDescription>
        <PasswordConfirmForm
          submitLabel={t('twoFactor.disable')}
          destructive
          pending={disable.isPending}
          error={disable.isError ? errorMessage(disable.error) : null}
          onSubmit={(password) =>
            disable.mutate(
              { password },
              {
                onSuccess: () => {
                  toast.success(t('twoFactor.disabledToast'));
                  changeOpen(false);
                },
              },
            )
          }
        />
      </DialogContent>
    </Dialog>
  );
}
