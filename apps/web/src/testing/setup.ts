import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { i18n } from '@/lib/i18n';

// Tests render screens synchronously: every language and namespace is in memory before the first test,
// so nothing waits for the lazy translation chunks the browser fetches.
const translations = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});
for (const [file, bundle] of Object.entries(translations)) {
  const [, language = '', namespace = ''] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  i18n.addResourceBundle(language, namespace, bundle, true, true);
}
await i18n.loadNamespaces(Object.keys(i18n.store.data.en ?? {}));

// The web tests run beside the server's on the same cores: a screen whose parts load lazily can take longer than the
// default second to appear on a busy machine. Waiting is bounded by this, not shortened by it.
configure({ asyncUtilTimeout: 5000 });
