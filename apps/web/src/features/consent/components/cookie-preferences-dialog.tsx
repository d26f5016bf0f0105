import type { ConsentPreferences } from '@portal/shared/consent';
import { OPTIONAL_CONSENT_TYPES } from '@portal/shared/consent-choices';
import { type ReactNode, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { ConsentCategory } from './consent-category';

function PreferencesForm({
  initial,
  onSave,
}: {
  initial: ConsentPreferences;
  onSave: (preferences: ConsentPreferences) => void;
}) {
  const { t } = useTranslation('consent');
  const [preferences, setPreferences] = useState(initial);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(preferences);
      }}
    >
      <ConsentCategory type="essential" checked onCheckedChange={() => undefined} />
      {OPTIONAL_CONSENT_TYPES.map((type) => (
        <ConsentCategory
          key={type}
          type={type}
          checked={preferences[type]}
          onCheckedChange={(checked) => setPreferences((current) => ({ ...current, [type]: checked }))}
        />
      ))}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">{t('actions.cancel')}</Button>
        </DialogClose>
        <Button type="submit">{t('actions.savePreferences')}</Button>
      </div>
    </form>
  );
}

/**
 * The Customize dialog: a switch per category, Save Preferences and Cancel. `children` is the button opening it;
 * without one the dialog opens as it mounts, says through `onClose` when it has closed and gives focus back to
 * `returnFocusTo` (the banner loads it only once asked, so the first page does not carry it).
 */
export function CookiePreferencesDialog({
  children,
  initial,
  onSave,
  onClose,
  returnFocusTo,
}: {
  children?: ReactNode;
  initial: ConsentPreferences;
  onSave: (preferences: ConsentPreferences) => void;
  onClose?: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('consent');
  const [open, setOpen] = useState(children === undefined);
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) onClose?.();
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      {children === undefined ? null : <DialogTrigger asChild>{children}</DialogTrigger>}
      <DialogContent
        closeLabel={t('actions.closeDialog')}
        className="max-h-[90vh] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogTitle>{t('dialog.title')}</DialogTitle>
        <DialogDescription>{t('dialog.description')}</DialogDescription>
        <PreferencesForm
          initial={initial}
          onSave={(preferences) => {
            changeOpen(false);
            onSave(preferences);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
