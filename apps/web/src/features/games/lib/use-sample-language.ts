import { FALLBACK_LANGUAGE, type InterfaceLanguage, toInterfaceLanguage } from '@portal/shared/language';
import { useTranslation } from 'react-i18next';

/** The sample set is played in the interface language the learner reads. */
export function useSampleLanguage(): InterfaceLanguage {
  const { i18n } = useTranslation('games');
  return toInterfaceLanguage(i18n.language) ?? FALLBACK_LANGUAGE;
}
