import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { meQueryOptions, useMe } from '@/lib/auth';
import { CardMakersProvider } from '@/lib/card-makers';
import { createQueryClient } from '@/lib/query-client';
import { ApplyPreferences } from './apply-preferences';
import { CARD_MAKERS } from './card-makers';

// Loaded after the first screen's code: the cookie banner (its dialog and consent checks) and the toast host.
const CookieBanner = lazy(() =>
  import('@/features/consent/components/cookie-banner').then((m) => ({ default: m.CookieBanner })),
);
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

// Visitors who are not signed in never download the realtime channel or the gamification toasts.
const SignedInLive = lazy(() => import('./realtime-bridge').then((m) => ({ default: m.SignedInLive })));

function LiveWhileSignedIn() {
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <Suspense fallback={null}>
      <SignedInLive />
    </Suspense>
  );
}

export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useEffect(() => {
    void queryClient.prefetchQuery(meQueryOptions());
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveWhileSignedIn />
      <ApplyPreferences />
      <CardMakersProvider value={CARD_MAKERS}>{children}</CardMakersProvider>
      {/* Each waits for its code and translations without holding up the page. */}
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
      <Suspense fallback={null}>
        <Toaster position="top-right" richColors closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}
