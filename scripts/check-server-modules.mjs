// Every server module plugs into the app through its own `<name>.module.ts`; `npm run lint` fails on a module
// folder without one.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src/modules');
const missing = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => !existsSync(path.join(modulesDir, name, `${name}.module.ts`)));

if (missing.length > 0) {
  for (const name of missing) console.error(`apps/server/src/modules/${name} has no ${name}.module.ts`);
  process.exit(1);
}
