import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Text files get .br and .gz siblings that the server sends as the browser asks (see static-spa.ts).
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
    manifest: true,
  },
});
