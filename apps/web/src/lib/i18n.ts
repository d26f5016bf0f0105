import {
  FALLBACK_LANGUAGE,
  INTERFACE_LANGUAGES,
  type InterfaceLanguage,
  LANGUAGE_STORAGE_KEY,
  toInterfaceLanguage,
} from '@portal/shared/language';
import i18n, { type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [file, module] of Object.entries(modules)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language = '', namespace = ''] = match;
    resources[language] ??= {};
    (resources[language] as Record<string, unknown>)[namespace] = module.default;
  }
  return resources;
}

export const NAMESPACES = [
  'common',
  'auth',
  'dashboard',
  'plans',
  'landing',
  'legal',
  'settings',
  'consent',
  'security',
  'analytics',
  'courses',
  'authoring',
  'scorm',
  'goals',
  'notes',
  'study',
  'gamification',
] as const;

const resources = buildResources();

/** Detection order: stored choice, then browser language; script-like values are ignored. */
const detector = new LanguageDetector(null, {
  order: ['localStorage', 'navigator'],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  caches: ['localStorage'],
  convertDetectedLanguage: (value: string) => toInterfaceLanguage(value) ?? '',
});

void i18n
  .use(detector)
  .use(initReactI18next)
  .init({
    resources,
    // Every namespace file under locales/ is loaded, listed or not.
    ns: [...new Set<string>([...NAMESPACES, ...Object.keys(resources[FALLBACK_LANGUAGE] ?? {})])],
    defaultNS: 'common',
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...INTERFACE_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

const applyDocumentLanguage = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
applyDocumentLanguage(i18n.resolvedLanguage ?? FALLBACK_LANGUAGE);
i18n.on('languageChanged', applyDocumentLanguage);

export function currentLanguage(): InterfaceLanguage {
  return toInterfaceLanguage(i18n.resolvedLanguage) ?? FALLBACK_LANGUAGE;
}

export { i18n };
