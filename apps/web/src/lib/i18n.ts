import {
  FALLBACK_LANGUAGE,
  INTERFACE_LANGUAGES,
  type InterfaceLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  toInterfaceLanguage,
} from '@portal/shared/language';
import i18n, { type LanguageDetectorModule } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

type Translations = Record<string, unknown>;

/**
 * Every namespace file under locales/ is its own small chunk, fetched the first time a screen of that language
 * asks for the namespace (`useTranslation('goals')` suspends until it is there). A visitor downloads only their
 * language and the namespaces of the screens they open; new namespace files are picked up by the glob.
 */
const loaders = import.meta.glob<Translations>('../locales/*/*.json', { import: 'default' });

const loadNamespace = (language: string, namespace: string): Promise<Translations> => {
  const load = loaders[`../locales/${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`No translations for ${language}/${namespace}`));
};

/** Namespaces of `locales/<language>/`: the ones a screen may ask for. */
export const NAMESPACES: readonly string[] = [
  ...new Set(Object.keys(loaders).flatMap((file) => /locales\/\w+\/([\w-]+)\.json$/.exec(file)?.slice(1, 2) ?? [])),
].sort();

const browserStorage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** Detection order: stored choice, then the browser's languages; script-like values are ignored. */
const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
    const candidates = [browserStorage()?.getItem(LANGUAGE_STORAGE_KEY), ...browser];
    return candidates.map(toInterfaceLanguage).find((language) => language !== null) ?? undefined;
  },
  cacheUserLanguage: (language: string) => {
    try {
      browserStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage may be blocked; the choice then lasts for this page.
    }
    // The server reads the cookie to send the public pages prerendered in this language.
    if (typeof document !== 'undefined' && toInterfaceLanguage(language)) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some supported browsers
      document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
    }
  },
};

const isInterfaceLanguage = (code: string | undefined): boolean =>
  INTERFACE_LANGUAGES.some((language) => language === code);

/** Resolves once the visitor's language and the common namespace are loaded. */
export const i18nReady = i18n
  .use(detector)
  .use(resourcesToBackend(loadNamespace))
  .use(initReactI18next)
  .init({
    ns: ['common'],
    defaultNS: 'common',
    // Every key exists in every language (locales.test.ts), so a supported language needs no second language
    // downloaded beside it; anything else falls back to English.
    fallbackLng: (code: string | undefined) => (isInterfaceLanguage(code) ? [] : [FALLBACK_LANGUAGE]),
    supportedLngs: [...INTERFACE_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    // Screens wait (inside their Suspense boundary) for their namespaces instead of showing keys.
    react: { useSuspense: true },
  });

const applyDocumentLanguage = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
i18n.on('languageChanged', applyDocumentLanguage);

/** Loads the namespaces a screen uses, in the current language, alongside its code. */
export function preloadNamespaces(namespaces: readonly string[]): Promise<unknown> {
  return i18n.loadNamespaces([...namespaces]).catch(() => undefined);
}

export function currentLanguage(): InterfaceLanguage {
  return toInterfaceLanguage(i18n.resolvedLanguage) ?? FALLBACK_LANGUAGE;
}

export { i18n };
