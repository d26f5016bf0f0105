import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

const seenKey = (userId: string) => `portal.welcome-seen.${userId}`;

/** Shown on a learner's first visit to the home screen only. */
export function WelcomeDialog({ userId }: { userId: string }) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(() => localStorage.getItem(seenKey(userId)) === null);
  const close = (next: boolean) => {
    if (!next) localStorage.setItem(seenKey(userId), new Date().toISOString());
    setOpen(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={t('welcome.close')}>
        <Sparkles className="size-8 text-primary" aria-hidden="true" />
        <DialogTitle>{t('welcome.title')}</DialogTitle>
        <DialogDescription>{t('welcome.description')}</DialogDescription>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>{t('welcome.step1')}</li>
          <li>{t('welcome.step2')}</li>
          <li>{t('welcome.step3')}</li>
        </ul>
        <Button onClick={() => close(false)}>{t('welcome.start')}</Button>
      </DialogContent>
    </Dialog>
  );
}
