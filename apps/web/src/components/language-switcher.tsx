import { INTERFACE_LANGUAGES, LANGUAGE_NAMES } from '@portal/shared/language';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageChoice } from '@/lib/use-language-choice';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { language: shown, choose } = useLanguageChoice();
  const id = useId();
  return (
    <div className="flex items-center gap-1.5">
      <Languages className="hidden size-4 text-muted-foreground sm:block" aria-hidden="true" />
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={shown}
        onChange={(event) => choose(event.target.value)}
        className="h-9 rounded-md border border-border bg-card px-2 text-sm"
      >
        {INTERFACE_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
