import '@/lib/i18n';
import { describe, expect, it } from 'vitest';
import { navSectionsFor } from '@/app/navigation';
import { i18n } from '@/lib/i18n';

const linksFor = (role: Parameters<typeof navSectionsFor>[0]) =>
  navSectionsFor(role).flatMap((section) => section.items.map((item) => item.to));

describe('coupons in the admin navigation', () => {
  it('admins find Coupons at /dashboard/admin/coupons, named in each language', async () => {
    const item = navSectionsFor('admin')
      .flatMap((section) => section.items)
      .find((entry) => entry.to === '/dashboard/admin/coupons');
    expect(item).toBeDefined();
    const names: string[] = [];
    for (const language of ['en', 'de', 'zh']) {
      await i18n.changeLanguage(language);
      names.push(i18n.t(item?.labelKey ?? ''));
    }
    await i18n.changeLanguage('en');
    expect(names).toEqual(['Coupons', 'Gutscheine', '优惠码']);
  });

  it('learners and instructors have no link to it', () => {
    expect(linksFor('learner')).not.toContain('/dashboard/admin/coupons');
    expect(linksFor('instructor')).not.toContain('/dashboard/admin/coupons');
  });
});
