import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useReturnFocus } from '@/lib/use-return-focus';

/**
 * Asks before a destructive or visible change; stays open with the error if it fails, and gives focus back to what
 * opened it when it closes.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  error,
  destructive = true,
  confirmable = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** What keeps things as they are, when "Cancel" would read as the change itself (cancelling a plan). */
  cancelLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
  error?: string | null;
  destructive?: boolean;
  /** False while what the dialog describes is still being worked out (a price asked from the server). */
  confirmable?: boolean;
}) {
  const { t } = useTranslation('common');
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('confirmDialog.close')} onCloseAutoFocus={returnFocus} role="alertdialog">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{cancelLabel ?? t('confirmDialog.cancel')}</Button>
          </DialogClose>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            disabled={pending || !confirmable}
            onClick={onConfirm}
          >
            {pending ? t('confirmDialog.working') : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
