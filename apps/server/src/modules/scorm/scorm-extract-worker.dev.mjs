// Runs the TypeScript worker entry where the server itself runs from source (development and tests); the
// production bundle has a compiled worker beside it instead.
import { register } from 'tsx/esm/api';

register();
await import('./scorm-extract-worker.ts');
