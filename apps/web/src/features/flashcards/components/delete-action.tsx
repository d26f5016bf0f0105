import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';

/** A Delete button that asks first, then deletes and says how it went. */
export function DeleteAction({
  label,
  ariaLabel,
  title,
  description,
  pending,
  onDelete,
  deleted,
  failed,
}: {
  label: string;
  ariaLabel: string;
  title: string;
  description: string;
  pending: boolean;
  onDelete: (callbacks: { onSuccess: () => void; onError: () => void }) => void;
  deleted: string;
  failed: string;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:bg-destructive/10"
        onClick={() => setConfirming(true)}
        aria-label={ariaLabel}
      >
        <Trash2 aria-hidden="true" />
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={title}
        description={description}
        confirmLabel={label}
        pending={pending}
        onConfirm={() =>
          onDelete({
            onSuccess: () => {
              setConfirming(false);
              toast.success(deleted);
            },
            onError: () => toast.error(failed),
          })
        }
      />
    </>
  );
}
