import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { CsvDownload } from './csv-download';

/**
 * A studio report: its title and CSV download (once there is something to download), then loading, failure, the
 * empty state or the rows.
 */
export function ReportCard<Row>({
  title,
  report,
  csv,
  empty,
  children,
}: {
  title: string;
  report: UseQueryResult<Row[]>;
  csv: { href: string; label: string };
  empty: ReactNode;
  children: (rows: Row[]) => ReactNode;
}) {
  const { t } = useTranslation('scorm');
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{title}</CardTitle>
        {report.data && report.data.length > 0 ? <CsvDownload href={csv.href} label={csv.label} /> : null}
      </CardHeader>
      <CardContent>
        {report.isPending ? (
          <Spinner label={t('report.loading')} className="justify-center py-6" />
        ) : report.isError ? (
          <p className="text-destructive">{t('report.loadFailed')}</p>
        ) : report.data.length === 0 ? (
          empty
        ) : (
          children(report.data)
        )}
      </CardContent>
    </Card>
  );
}
