import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The interface language a control shows, and the way to change it. Switching first downloads the new language's
 * texts, so the control shows the choice at once while the interface follows when they are there.
 */
export function useLanguageChoice() {
  const { i18n } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const choose = (language: string) => {
    setPending(language);
    void i18n.changeLanguage(language).finally(() => setPending(null));
  };
  return { language: pending ?? i18n.resolvedLanguage, choose };
}
