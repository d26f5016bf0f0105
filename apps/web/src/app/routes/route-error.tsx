import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Router-level failure: status and text, or the error's message. It renders outside the screens' suspense boundaries,
 * so it waits for its translations without suspending and shows itself once they have arrived (a route can fail before
 * the first namespace has loaded).
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t, ready } = useTranslation('common', { useSuspense: false });
  if (!ready) return null;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-2xl font-semibold">{t('routeError.title')}</h1>
      <p className="mt-3 text-muted-foreground">
        <code>{detail}</code>
      </p>
      <a href="/" className="mt-6 inline-block text-primary underline">
        {t('routeError.home')}
      </a>
    </main>
  );
}
