import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const localesDir = path.join(srcDir, 'locales');

/** Attributes whose text a user sees or hears. */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'alt', 'placeholder', 'label']);
const HAS_LETTER = /\p{L}/u;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function flattenKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
}

const englishKeys = new Map(
  readdirSync(path.join(localesDir, 'en'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => [
      file.replace(/\.json$/, ''),
      flattenKeys(JSON.parse(readFileSync(path.join(localesDir, 'en', file), 'utf8'))),
    ]),
);

type Finding = { file: string; line: number; text: string };

function scan(file: string) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const hardCoded: Finding[] = [];
  const keys: Array<Finding & { pattern: RegExp; namespaces: string[] }> = [];
  const namespaces = new Set<string>();
  const where = (node: ts.Node) => ({
    file: path.relative(srcDir, file),
    line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
  });

  const visitNamespaces = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'useTranslation') {
      const [first] = node.arguments;
      namespaces.add(first && ts.isStringLiteral(first) ? first.text : 'common');
    }
    ts.forEachChild(node, visitNamespaces);
  };
  visitNamespaces(source);
  if (namespaces.size === 0) namespaces.add('common');

  const keyPattern = (node: ts.Expression): RegExp | null => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      return new RegExp(`^${node.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    }
    if (ts.isTemplateExpression(node)) {
      const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const parts = [
        escapeRegex(node.head.text),
        ...node.templateSpans.map((span) => `.+${escapeRegex(span.literal.text)}`),
      ];
      return new RegExp(`^${parts.join('')}$`);
    }
    return null;
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) {
      hardCoded.push({ ...where(node), text: node.text.trim() });
    }
    if (
      ts.isJsxAttribute(node) &&
      TEXT_ATTRIBUTES.has(node.name.getText(source)) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      HAS_LETTER.test(node.initializer.text)
    ) {
      hardCoded.push({ ...where(node), text: `${node.name.getText(source)}="${node.initializer.text}"` });
    }
    const isT =
      ts.isCallExpression(node) &&
      ((ts.isIdentifier(node.expression) && node.expression.text === 't') ||
        (ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 't'));
    if (isT && ts.isCallExpression(node) && node.arguments[0]) {
      const pattern = keyPattern(node.arguments[0]);
      if (pattern)
        keys.push({ ...where(node), text: node.arguments[0].getText(source), pattern, namespaces: [...namespaces] });
    }
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'i18nKey' && node.initializer) {
      const initializer = ts.isStringLiteral(node.initializer) ? node.initializer : null;
      if (initializer) {
        keys.push({
          ...where(node),
          text: initializer.text,
          pattern: keyPattern(initializer) as RegExp,
          namespaces: [...namespaces],
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { hardCoded, keys };
}

const results = sourceFiles(srcDir).map(scan);

function keyExists({ pattern, namespaces, text }: { pattern: RegExp; namespaces: string[]; text: string }) {
  const explicit = /^['"`]?(\w+):/.exec(text)?.[1];
  const candidates = explicit ? [explicit] : namespaces;
  return candidates.some((namespace) => {
    const keys = englishKeys.get(namespace) ?? [];
    const bare = explicit ? new RegExp(pattern.source.replace(`${explicit}:`, '')) : pattern;
    // Plural keys (`days_one`, `days_other`) are used by their base name with a count.
    return keys.some((key) => bare.test(key) || bare.test(key.replace(/_(zero|one|two|few|many|other)$/, '')));
  });
}

describe('interface text', () => {
  it('has no hard-coded user-facing text in JSX: every string goes through i18next', () => {
    const findings = results.flatMap((result) => result.hardCoded).map((f) => `${f.file}:${f.line} ${f.text}`);
    expect(findings).toEqual([]);
  });

  it('uses only translation keys that exist (and so exist in zh and de too)', () => {
    const missing = results
      .flatMap((result) => result.keys)
      .filter((usage) => !keyExists(usage))
      .map((usage) => `${usage.file}:${usage.line} ${usage.text} (namespaces: ${usage.namespaces.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('finds the keys the screens use', () => {
    expect(results.flatMap((result) => result.keys).length).toBeGreaterThan(100);
  });
});
