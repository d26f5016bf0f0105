import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from '../db/client.ts';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../db/migrations', import.meta.url));
const TEMPLATES_FOLDER = path.join(tmpdir(), 'portal-test-pglite');

/** Changes whenever the migrations or the PGlite release change, since either makes a stored data folder stale. */
function templateKey(): string {
  const hash = createHash('sha256');
  const pgliteEntry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const pglitePackage = path.join(
    pgliteEntry.slice(0, pgliteEntry.lastIndexOf(`${path.sep}dist${path.sep}`)),
    'package.json',
  );
  hash.update(readFileSync(pglitePackage));
  for (const entry of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(MIGRATIONS_FOLDER, entry);
    if (entry.endsWith('.sql') || entry.endsWith('_journal.json')) hash.update(entry).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A migrated PGlite data folder, made once and shared by every test file; initdb is what makes a fresh PGlite slow. */
async function migratedTemplate(): Promise<string> {
  const template = path.join(TEMPLATES_FOLDER, templateKey());
  if (existsSync(template)) return template;
  mkdirSync(TEMPLATES_FOLDER, { recursive: true });
  const building = mkdtempSync(path.join(TEMPLATES_FOLDER, 'building-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: building });
  await database.close();
  try {
    renameSync(building, template);
  } catch {
    // Another test worker finished its template first; theirs is identical.
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** A private, already migrated PGlite database in a temporary folder; `drop` deletes the folder. */
export async function openPgliteCopy(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-db-'));
  cpSync(await migratedTemplate(), dataDir, { recursive: true });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  return { database, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}
