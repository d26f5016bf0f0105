import { isRouteErrorResponse, useRouteError } from 'react-router';
import { i18n } from '@/lib/i18n';

/** Router-level failure: status and text, or the error's message. Uses i18n directly so it renders without providers. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-2xl font-semibold">{i18n.t('routeError.title')}</h1>
      <p className="mt-3 text-muted-foreground">
        <code>{detail}</code>
      </p>
      <a href="/" className="mt-6 inline-block text-primary underline">
        {i18n.t('routeError.home')}
      </a>
    </main>
  );
}
