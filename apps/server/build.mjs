/**
 * Production build of the server: ESM bundles in dist/ holding our own code (the app and the shared package), with
 * every npm package left to node_modules: `main.js`, and the SCORM extraction worker it starts beside it. Running
 * them with plain Node skips the TypeScript loader, which roughly halves the server's resident memory.
 */
import { build } from 'esbuild';

// The SCORM wrapper page's script runs in the browser, on the content origin: one self-contained bundle.
const wrapperEntry = '../web/src/features/scorm/content-frame/wrapper-main.ts';

await build({
  entryPoints: {
    main: 'src/main.ts',
    'scorm-extract-worker': 'src/modules/scorm/scorm-extract-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  // Bare imports are npm packages, resolved from node_modules at run time; our workspace package is bundled.
  plugins: [
    {
      name: 'external-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  // A few CommonJS dependencies call require(); give the bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

await build({
  entryPoints: [wrapperEntry],
  outfile: 'dist/scorm-wrapper.js',
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: ['chrome100', 'firefox100', 'safari15'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
