import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { meQueryOptions, useMe } from '@/lib/auth';
import { CardMakersProvider } from '@/lib/card-makers';
import { preloadNamespaces } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { usePageIdle } from '@/lib/use-page-idle';
import { ApplyPreferences } from './apply-preferences';
import { CARD_MAKERS } from './card-makers';

// Loaded apart from the screens: the cookie banner (its consent checks, with its texts fetched alongside so it does
// not wait for them afterwards) and the toast host.
type BannerModule = typeof import('@/features/consent/components/cookie-banner');
let cookieBanner: Promise<BannerModule['CookieBanner']> | undefined;
/**
 * Fetches the banner's code and texts (once; again after a failed attempt); boot.tsx starts it early when this
 * browser has not chosen yet.
 */
export const loadCookieBanner = () => {
  cookieBanner ??= Promise.all([
    import('@/features/consent/components/cookie-banner'),
    preloadNamespaces(['consent']),
  ]).then(
    ([m]) => m.CookieBanner,
    (error: unknown) => {
      cookieBanner = undefined;
      throw error;
    },
  );
  return cookieBanner;
};
// The prerendered HTML holds the banner: hydration renders it in the same place, waiting for its code.
const PrerenderedCookieBanner = lazy(() => loadCookieBanner().then((component) => ({ default: component })));

/**
 * The cookie banner once its code is here. Not a lazy component in Suspense: React retries a suspended part after
 * every pending transition, so the banner would wait for the dashboard's background render; a plain state update
 * shows it as soon as it can.
 */
function CookieBannerWhenLoaded() {
  const [Banner, setBanner] = useState<BannerModule['CookieBanner'] | null>(null);
  useEffect(() => {
    let current = true;
    loadCookieBanner().then(
      (component) => {
        if (current) setBanner(() => component);
      },
      // Offline: the banner is asked again on the next page.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return Banner ? <Banner /> : null;
}

const Toaster = lazy(() => import('@/components/toaster').then((m) => ({ default: m.Toaster })));

const prefetchAccountConsent = (queryClient: QueryClient) =>
  import('@/features/consent/api/get-consent').then(({ consentQueryOptions }) =>
    queryClient.prefetchQuery(consentQueryOptions()),
  );

// Visitors who are not signed in never download the realtime channel or the gamification toasts.
const SignedInLive = lazy(() => import('./realtime-bridge').then((m) => ({ default: m.SignedInLive })));

function LiveWhileSignedIn() {
  const { data: me } = useMe();
  // The channel (and the message schemas it checks with) waits until the first screen is up.
  const idle = usePageIdle();
  if (!me || !idle) return null;
  return (
    <Suspense fallback={null}>
      <SignedInLive />
    </Suspense>
  );
}

/** True from the visitor's first pointer or key press on. */
function useFirstInput() {
  const [came, setCame] = useState(false);
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const stopListening = () => {
      for (const event of events) window.removeEventListener(event, seen, true);
    };
    const seen = () => {
      setCame(true);
      stopListening();
    };
    for (const event of events) window.addEventListener(event, seen, true);
    return stopListening;
  }, []);
  return came;
}

/**
 * The toasts: for a signed-in visitor once the page is idle, for others at their first input (a toast follows
 * something they did). Toasts raised before it mounts are shown once it does.
 */
function Toasts() {
  const { data: me } = useMe();
  const idle = usePageIdle();
  const input = useFirstInput();
  if (!((idle && me) || input)) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

type AppProvidersProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The prerendered HTML holds the cookie banner (a visitor who has not chosen yet), so the first render has it too. */
  bannerPrerendered?: boolean;
};

export function AppProviders({ children, queryClient: given, bannerPrerendered = false }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useEffect(() => {
    // The page answers input from here on (a prerendered page looked ready before; see main.tsx).
    document.documentElement.setAttribute('data-app-ready', '');
    // For a signed-in visitor the banner waits for the consent their account holds: asked as soon as the session
    // is known instead of once the banner's code has arrived and rendered.
    void queryClient
      .fetchQuery(meQueryOptions())
      .then((me) => me && prefetchAccountConsent(queryClient))
      .catch(() => undefined);
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveWhileSignedIn />
      <ApplyPreferences />
      <CardMakersProvider value={CARD_MAKERS}>{children}</CardMakersProvider>
      {/* Each waits for its code and translations without holding up the page. The banner depends on this
          browser, so it joins after the first render, unless the prerendered HTML already shows it; the toasts'
          code loads once the first screen is up. */}
      {bannerPrerendered ? (
        <Suspense fallback={null}>
          <PrerenderedCookieBanner />
        </Suspense>
      ) : (
        <CookieBannerWhenLoaded />
      )}
      <Toasts />
    </QueryClientProvider>
  );
}
