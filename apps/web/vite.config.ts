import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
/** The libraries every page starts with (rendering, routing, queries, translations). */
const VENDOR =
  /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/][\w-]+|i18next|react-i18next|i18next-resources-to-backend)[\\/]/;
/**
 * Parts of those libraries only some lazy screens use (rich-text translations, infinite and parallel queries): a
 * group takes every matching module any chunk uses, so these stay with the screens that need them.
 */
const NOT_VENDOR =
  /(?:html-parse-stringify|void-elements|[\\/]Trans(?:WithoutContext)?\.js|[\\/]infiniteQuery\w*\.js|[\\/]use(?:Infinite|Suspense\w*)Query\.js|[\\/](?:useQueries|queriesObserver|HydrationBoundary|hydration|usePrefetch\w*|useMutationState|useIsFetching)\.js)$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
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
    // of a few KB are inlined into the chunks using them instead of costing a request each.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [{ name: 'vendor', test: (id: string) => VENDOR.test(id) && !NOT_VENDOR.test(id), priority: 10 }],
            },
          },
        },
  },
}));
