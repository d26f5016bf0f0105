import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** A link that downloads a report as a CSV file; the label says which report. */
export function CsvDownload({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation('scorm');
  return (
    <Button variant="outline" size="sm" asChild>
      <a href={href} download aria-label={label}>
        <Download aria-hidden="true" />
        {t('report.downloadCsv')}
      </a>
    </Button>
  );
}
