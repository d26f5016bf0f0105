import type { ConsentPreferences } from '@portal/shared/consent';
import { OPTIONAL_CONSENT_TYPES } from '@portal/shared/consent-choices';
import { type ReactNode, useState } from 'react';
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

/** The Customize dialog: a switch per category, Save Preferences and Cancel; `children` is the button opening it. */
export function CookiePreferencesDialog({
  children,
  initial,
  onSave,
}: {
  children: ReactNode;
  initial: ConsentPreferences;
  onSave: (preferences: ConsentPreferences) => void;
}) {
  const { t } = useTranslation('consent');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent closeLabel={t('actions.closeDialog')} className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{t('dialog.title')}</DialogTitle>
        <DialogDescription>{t('dialog.description')}</DialogDescription>
        <PreferencesForm
          initial={initial}
          onSave={(preferences) => {
            setOpen(false);
            onSave(preferences);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
