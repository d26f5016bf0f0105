// A reader of the server meets functions of a screen or less: `npm run lint` fails on a function of the server's
// source (tests aside) that spans more than MAX_LINES lines from its start to its closing brace, parameters included.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const MAX_LINES = 50;
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.join(root, 'apps/server/src');

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield full;
  }
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

function longFunctions(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (isFunction(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > MAX_LINES) found.push({ line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

let failures = 0;
for (const file of sourceFiles(sourceDir)) {
  for (const { line, lines } of longFunctions(file)) {
    console.error(`${path.relative(root, file)}:${line} a function of ${lines} lines (at most ${MAX_LINES})`);
    failures += 1;
  }
}
if (failures > 0) process.exit(1);
