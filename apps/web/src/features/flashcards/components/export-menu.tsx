import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { exportDeckUrl } from '../api/import-deck';

/** Download links for a deck: CSV for spreadsheets, .apkg for Anki. */
export function ExportMenu({ deckId, deckName }: { deckId: string; deckName: string }) {
  const { t } = useTranslation('flashcards-import');
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{t('export.legend', { deck: deckName })}</legend>
      {(['csv', 'apkg'] as const).map((format) => (
        <Button key={format} variant="outline" asChild>
          <a href={exportDeckUrl(deckId, format)} download>
            <Download aria-hidden="true" />
            {t(`export.${format}`)}
          </a>
        </Button>
      ))}
    </fieldset>
  );
}
