import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the browser tab after the screen ("Goals – Learning Portal"), so each page has its own title; leaving the
 * screen gives the tab the portal's name back.
 */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!title) return;
    document.title = `${title} – ${t('appName')}`;
    return () => {
      document.title = t('appName');
    };
  }, [title, t]);
}
