import '@/lib/i18n';
import { INTERFACE_LANGUAGES } from '@portal/shared/language';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { isNavItemActive, navSectionsFor } from './navigation';

describe('the dashboard navigation', () => {
  it('names every section and link from the common texts the layout has loaded, in each language', async () => {
    const keys = navSectionsFor('admin').flatMap((section) => [
      section.titleKey,
      ...section.items.map((item) => item.labelKey),
    ]);
    // A key of another namespace reads as its bare key until that namespace loads, and differs from the server's page.
    expect(keys.filter((key) => key.includes(':'))).toEqual([]);
    for (const language of INTERFACE_LANGUAGES) {
      await i18n.changeLanguage(language);
      const missing = keys.filter((key) => !i18n.exists(key, { ns: 'common', lng: language }));
      expect(missing, language).toEqual([]);
    }
    await i18n.changeLanguage('en');
  });

  it.each([
    ['/dashboard/learner/study/focus', 'nav.study'],
    ['/dashboard/learner/study/review', 'nav.study'],
    ['/dashboard/learner/study/practice', 'nav.study'],
    ['/dashboard/learner/study/unknown-mode', 'nav.study'],
    ['/dashboard/learner', 'nav.home'],
    ['/dashboard/learner/flashcards/deck-1', 'nav.flashcards'],
    ['/dashboard/admin/users', 'nav.adminUsers'],
  ])('on %s exactly one item is current: %s', (pathname, labelKey) => {
    const items = navSectionsFor('admin').flatMap((section) => section.items);
    expect(items.filter((item) => isNavItemActive(item, pathname)).map((item) => item.labelKey)).toEqual([labelKey]);
  });
});
