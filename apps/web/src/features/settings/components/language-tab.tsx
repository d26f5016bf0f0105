import { INTERFACE_LANGUAGES, LANGUAGE_NAMES } from '@portal/shared/language';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The interface language; the choice is stored in this browser and wins over the browser's language. */
export function LanguageTab() {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <fieldset className="flex max-w-lg flex-col gap-3">
      <legend className="mb-2 text-sm text-muted-foreground">{t('settings.language.description')}</legend>
      {INTERFACE_LANGUAGES.map((language) => (
        <label
          key={language}
          className={cn(
            'flex cursor-pointer items-center gap-3 rounded-md border border-border bg-card px-4 py-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            i18n.resolvedLanguage === language && 'border-primary bg-accent',
          )}
        >
          <input
            type="radio"
            name="interface-language"
            value={language}
            checked={i18n.resolvedLanguage === language}
            onChange={() => void i18n.changeLanguage(language)}
          />
          <span lang={language}>{LANGUAGE_NAMES[language]}</span>
        </label>
      ))}
    </fieldset>
  );
}
