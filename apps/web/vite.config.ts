import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { pageCode } from './scripts/page-code';
import { preloadAppCode } from './scripts/preload-app-code';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
/** The libraries every page starts with (rendering, routing, queries, translations). */
const VENDOR =
  /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/][\w-]+|i18next|react-i18next|i18next-resources-to-backend)[\\/]/;
const REACT = /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;
/**
 * Parts of those libraries only some lazy screens use (rich-text translations, infinite and parallel queries): a
 * group takes every matching module any chunk uses, so these stay with the screens that need them.
 */
const NOT_VENDOR =
  /(?:html-parse-stringify|void-elements|[\\/]Trans(?:WithoutContext)?\.js|[\\/]infiniteQuery\w*\.js|[\\/]use(?:Infinite|Suspense\w*)Query\.js|[\\/](?:useQueries|queriesObserver|HydrationBoundary|hydration|usePrefetch\w*|useMutationState|useIsFetching)\.js)$/;

/** Shared chunks below this source size (before minifying) are inlined into their users (see `rolldownOptions`). */
const INLINED_CHUNK_MAX_BYTES = 16 * 1024;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    !isSsrBuild && preloadAppCode('src/app/boot.tsx'),
    // The dashboard's frame, the learner home and the cookie banner, which signed-in pages preload (the server's
    // page-code.ts), with the namespaces their routes load (router.tsx) and the common one every screen uses.
    !isSsrBuild &&
      pageCode({
        '/dashboard/*': {
          module: 'src/app/layouts/dashboard-layout.tsx',
          namespaces: ['common', 'beta', 'voice', 'payment-notice'],
        },
        '/dashboard/learner': { module: 'src/features/dashboard/routes/learner-home.tsx', namespaces: ['dashboard'] },
        // For browsers that have not made their cookie choice (see providers.tsx).
        'cookie-banner': { module: 'src/features/consent/components/cookie-banner.tsx', namespaces: ['consent'] },
      }),
    // Text files get .br and .gz siblings that the server sends as the browser asks (see static-spa.ts); the
    // prerender bundle (`build:prerender`) only runs at build time.
    !isSsrBuild &&
      compression({
        include: /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/,
        threshold: 1024,
        algorithms: ['brotliCompress', 'gzip'],
      }),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true, changeOrigin: false } },
  },
  // The manifest lets scripts/bundle-budget.mjs weigh what each route downloads.
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    manifest: !isSsrBuild,
    // Fewer, larger files for the first screen: the libraries every page runs share one chunk, and shared chunks
    // of a few KB (icons, small components and API modules several screens use) are copied into the chunks using
    // them instead of costing a request each; the copies share one module state (a screen opened dozens of 1 KB
    // files, each a round trip queued behind the others on a slow connection).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              experimentalInlineCommonChunks: { maxSize: INLINED_CHUNK_MAX_BYTES },
              groups: [
                // React on its own, so a prerendered page can run it in one task and the rest of the start in another.
                { name: 'react', test: REACT, priority: 20 },
                { name: 'vendor', test: (id: string) => VENDOR.test(id) && !NOT_VENDOR.test(id), priority: 10 },
              ],
            },
          },
        },
  },
}));
