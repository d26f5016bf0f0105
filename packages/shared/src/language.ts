export const INTERFACE_LANGUAGES = ['en', 'zh', 'de'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: InterfaceLanguage = 'en';
export const LANGUAGE_STORAGE_KEY = 'portal.language';
/** Mirrors the stored choice for the server, which sends the public pages prerendered in that language. */
export const LANGUAGE_COOKIE = 'portal.language';

/** Native names shown in the language picker. */
export const LANGUAGE_NAMES: Record<InterfaceLanguage, string> = {
  en: 'English',
  zh: '中文',
  de: 'Deutsch',
};

const SCRIPT_LIKE = /[<>"'`;(){}]|javascript:|script|on\w+=/i;

/** True for detected values that look like script-injection text rather than a language tag. */
export function looksLikeInjection(value: string): boolean {
  return SCRIPT_LIKE.test(value) || value.length > 35;
}

/** Maps a detected value (stored choice or browser tag) to a supported interface language. */
export function toInterfaceLanguage(value: string | null | undefined): InterfaceLanguage | null {
  if (!value || looksLikeInjection(value)) return null;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return (INTERFACE_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as InterfaceLanguage) : null;
}
