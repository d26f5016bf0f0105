#!/usr/bin/env node
/**
 * Checks the compressed JavaScript a cold load of each budgeted route downloads against its budget.
 * "JS for a route" = the entry chunk and its static imports, plus each module the route loads lazily
 * and its static imports, plus the locale chunks the screen uses (the largest language counts).
 * Reads the Vite manifest of a build: node scripts/bundle-budget.mjs [distDir] [--verbose]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const distDir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? path.join(import.meta.dirname, '..', 'dist'));
const budgets = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'bundle-budget.json'), 'utf8'));
const LANGUAGES = ['en', 'zh', 'de'];

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error(`No Vite manifest in ${distDir}/.vite: build the web app first (npm run build).`);
  process.exit(1);
}

const sizes = new Map();
/** Brotli size of one built file, as the server sends it precompressed. */
function compressedSize(file) {
  let size = sizes.get(file);
  if (size === undefined) {
    const content = readFileSync(path.join(distDir, file));
    size = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sizes.set(file, size);
  }
  return size;
}

/** The JS files a manifest key loads before it runs: itself and its static imports, transitively. */
function staticClosure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`"${key}" is not in the build manifest; update bundle-budget.json`);
  if (into.has(chunk.file)) return into;
  if (chunk.file.endsWith('.js')) into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = staticClosure(entryKey);
// The entry hands over to boot.tsx (after the first paint of prerendered pages): every page runs it. Its chunk is
// keyed by its file name (it is also a shared chunk), so it is found by name.
const bootKey = Object.keys(manifest).find((key) => key === 'src/app/boot.tsx' || manifest[key].name === 'boot');
if (!bootKey) throw new Error('No boot chunk in the build manifest: the start-up code must be weighed too');
staticClosure(bootKey, entryFiles);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let failed = false;
for (const [route, budget] of Object.entries(budgets.routes)) {
  const files = new Set(entryFiles);
  for (const module of budget.modules) staticClosure(module, files);
  let locales = 0;
  for (const namespace of budget.namespaces ?? []) {
    const perLanguage = LANGUAGES.map((language) => {
      const key = `src/locales/${language}/${namespace}.json`;
      if (!manifest[key]) return 0;
      const own = new Set();
      staticClosure(key, own);
      return [...own].filter((file) => !files.has(file)).reduce((sum, file) => sum + compressedSize(file), 0);
    });
    locales += Math.max(...perLanguage);
  }
  const code = [...files].reduce((sum, file) => sum + compressedSize(file), 0);
  const total = code + locales;
  const limit = budget.maxKb * 1024;
  const ok = total <= limit;
  if (!ok) failed = true;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${route.padEnd(22)} ${kb(total).padStart(10)} of ${kb(limit)} (${files.size} JS files, translations ${kb(locales)})`,
  );
  if (verbose) {
    for (const file of [...files].sort((a, b) => compressedSize(b) - compressedSize(a))) {
      console.log(`       ${kb(compressedSize(file)).padStart(10)}  ${file}`);
    }
  }
}
if (failed) {
  console.error('JavaScript budget exceeded: keep heavy modules behind lazy routes or dynamic imports.');
  process.exit(1);
}
