import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

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
  // A double click lands both clicks before the busy state shows: the second is ignored until the first has an
  // outcome (busy, an error, the dialog closed).
  const sent = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each of these is an outcome of the click
  useEffect(() => {
    sent.current = false;
  }, [open, pending, error]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('confirmDialog.close')} role="alertdialog">
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
            onClick={() => {
              if (sent.current) return;
              sent.current = true;
              onConfirm();
            }}
          >
            {pending ? t('confirmDialog.working') : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
