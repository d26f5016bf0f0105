import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BuildOptions } from 'esbuild';

/** The wrapper page's script: the SCORM API, its commits and the messages to the player, in one browser bundle. */
const WRAPPER_ENTRY = fileURLToPath(
  new URL('../../../../web/src/features/scorm/content-frame/wrapper-main.ts', import.meta.url),
);

/** As `build.mjs` bundles it for production. */
const WRAPPER_BUILD_OPTIONS: BuildOptions = {
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: ['chrome100', 'firefox100', 'safari15'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
};

export type WrapperBundle = { text: string; gzip: Buffer; etag: string };

let cached: Promise<WrapperBundle> | null = null;

/**
 * The production build writes `scorm-wrapper.js` beside the server bundle; running from source (development,
 * tests), it is built once on first use.
 */
export function loadWrapperBundle(): Promise<WrapperBundle> {
  cached ??= (async () => {
    const built = fileURLToPath(new URL('./scorm-wrapper.js', import.meta.url));
    let text: string;
    if (existsSync(built)) {
      text = readFileSync(built, 'utf8');
    } else {
      const { build } = await import('esbuild');
      const result = await build({ ...WRAPPER_BUILD_OPTIONS, entryPoints: [WRAPPER_ENTRY], write: false });
      text = result.outputFiles?.[0]?.text ?? '';
    }
    const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`;
    return { text, gzip: gzipSync(text, { level: 9 }), etag };
  })();
  cached.catch(() => {
    cached = null;
  });
  return cached;
}
