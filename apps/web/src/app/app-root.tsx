import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './providers';

/** The browser's router, or the memory router the build prerenders public pages with: the same tree either way. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The whole app; the build's prerender and the browser render exactly this tree, so hydration matches. */
export function AppRoot({
  queryClient,
  router,
  bannerPrerendered,
}: {
  queryClient: QueryClient;
  router: AppRouter;
  bannerPrerendered?: boolean;
}) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient} bannerPrerendered={bannerPrerendered}>
        {/* Until the visitor's translations arrive (the first paint waits for the route's code anyway). */}
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </AppProviders>
    </StrictMode>
  );
}

/** Resolves once the router has loaded the code (and translations) of the screen it opened on. */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
