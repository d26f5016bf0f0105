import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Router-level failure: status and text, or the error's message. Kept free of providers so it always renders. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="mt-3 text-muted-foreground">
        <code>{detail}</code>
      </p>
      <a href="/" className="mt-6 inline-block text-primary underline">
        Home
      </a>
    </main>
  );
}
