import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** The welcome dialog itself, open until the learner closes it. */
export function WelcomeDialogContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent closeLabel={t('welcome.close')}>
        <Sparkles className="size-8 text-primary" aria-hidden="true" />
        <DialogTitle>{t('welcome.title')}</DialogTitle>
        <DialogDescription>{t('welcome.description')}</DialogDescription>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>{t('welcome.step1')}</li>
          <li>{t('welcome.step2')}</li>
          <li>{t('welcome.step3')}</li>
        </ul>
        <Button onClick={onClose}>{t('welcome.start')}</Button>
      </DialogContent>
    </Dialog>
  );
}
