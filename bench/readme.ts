import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const README = path.join(path.dirname(fileURLToPath(import.meta.url)), 'README.md');

/** Replaces the section under `## {title}` in bench/README.md (or appends it), leaving the other results alone. */
export async function writeBenchSection(title: string, body: string) {
  const current = await readFile(README, 'utf8').catch(() => '# Benchmarks\n');
  const heading = `## ${title}`;
  const start = current.indexOf(`${heading}\n`);
  const next = start === -1 ? -1 : current.indexOf('\n## ', start + heading.length);
  const section = `${heading}\n\n${body.trim()}\n`;
  const updated =
    start === -1
      ? `${current.trimEnd()}\n\n${section}`
      : `${current.slice(0, start)}${section}${next === -1 ? '' : current.slice(next)}`;
  await writeFile(README, updated);
}
