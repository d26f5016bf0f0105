import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's own folders. This module sits one level below `apps/server` both as source (`src/paths.ts`, run by
 * tsx in development and tests) and inside the production bundle (`dist/main.js`), so the same walk finds them.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
/** Files the server reads at run time (migrations, demo content) stay in the source tree; the bundle reads them there. */
export const SERVER_SOURCE = path.join(SERVER_ROOT, 'src');
export const MIGRATIONS_FOLDER = path.join(SERVER_SOURCE, 'db', 'migrations');
export const DEMO_CONTENT_FOLDER = path.join(SERVER_SOURCE, 'modules', 'demo', 'content');
