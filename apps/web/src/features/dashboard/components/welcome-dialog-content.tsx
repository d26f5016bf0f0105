import { Sparkles, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * The welcome dialog itself, open until the learner closes it. It is the browser's own modal dialog: the page
 * behind it is inert and focus starts on its first button, with no focus-trap or scroll-lock code to run (their
 * forced restyle of the whole page was the longest task of a first visit's start).
 */
export function WelcomeDialogContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // Browsers without modal dialogs (and test DOMs) show it as an open dialog in the page.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else {
      dialog.setAttribute('open', '');
      dialog.querySelector('button')?.focus();
    }
  }, []);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onKeyDown={closeOnEscape}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="fixed inset-0 m-auto h-fit w-[calc(100%-2rem)] max-w-lg rounded-lg border border-border bg-card p-6 text-foreground shadow-lg backdrop:bg-black/40"
    >
      <div className="grid gap-4">
        <Sparkles className="size-8 text-primary" aria-hidden="true" />
        <h2 id={titleId} className="text-lg font-semibold">
          {t('welcome.title')}
        </h2>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {t('welcome.description')}
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>{t('welcome.step1')}</li>
          <li>{t('welcome.step2')}</li>
          <li>{t('welcome.step3')}</li>
        </ul>
        <Button onClick={onClose}>{t('welcome.start')}</Button>
      </div>
      <button
        type="button"
        onClick={onClose}
        className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100"
        aria-label={t('welcome.close')}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </dialog>
  );
}
