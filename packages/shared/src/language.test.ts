import { describe, expect, it } from 'vitest';
import { looksLikeInjection, toInterfaceLanguage } from './language.ts';

describe('interface language detection', () => {
  it.each([
    ['de-DE', 'de'],
    ['de', 'de'],
    ['zh-CN', 'zh'],
    ['zh_TW', 'zh'],
    ['EN-us', 'en'],
    [' en ', 'en'],
  ])('%j maps to %s', (value, language) => {
    expect(toInterfaceLanguage(value)).toBe(language);
  });

  it.each(['fr', 'es-ES', '', null, undefined])('%j is not an interface language', (value) => {
    expect(toInterfaceLanguage(value)).toBeNull();
  });

  it.each([
    '<script>',
    'en<script>alert(1)</script>',
    'javascript:alert(1)',
    'de" onload="x',
    'en;drop',
    'x'.repeat(40),
  ])('%j is ignored as injection-like text', (value) => {
    expect(looksLikeInjection(value)).toBe(true);
    expect(toInterfaceLanguage(value)).toBeNull();
  });
});
