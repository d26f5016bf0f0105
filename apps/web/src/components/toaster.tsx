import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';

/** The toasts' region and close buttons, named in the reader's language (loaded once the page is idle). */
export function Toaster() {
  const { t } = useTranslation('toasts');
  return (
    <Sonner
      position="top-right"
      richColors
      closeButton
      customAriaLabel={t('region')}
      toastOptions={{ closeButtonAriaLabel: t('close') }}
    />
  );
}
