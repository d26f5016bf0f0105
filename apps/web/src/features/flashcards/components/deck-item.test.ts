import { describe, expect, it } from 'vitest';
import { i18n, preloadNamespaces } from '@/lib/i18n';

describe("a deck's counts", () => {
  it('name one card in the singular and more in the plural, in English and German', async () => {
    await preloadNamespaces(['flashcards']);
    const counts = (language: string, count: number) =>
      i18n.t('flashcards:decks.counts', { lng: language, due: 0, new: 1, count });
    expect(counts('en', 1)).toBe('0 due · 1 new · 1 card');
    expect(counts('en', 2)).toBe('0 due · 1 new · 2 cards');
    expect(counts('de', 1)).toBe('0 fällig · 1 neu · 1 Karte');
    expect(counts('zh', 3)).toBe('0 张待复习 · 1 张新卡 · 共 3 张');
  });
});
