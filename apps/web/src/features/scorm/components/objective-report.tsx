import { Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { scormObjectiveCsvUrl, useScormObjectiveReport } from '../api/get-scorm-objective-report';
import { FigureTable } from './figure-table';
import { ReportCard } from './report-card';

/** Each objective the package reports: how many learners and attempts, completed, passed, failed, mean score. */
export function ObjectiveReport({ packageId }: { packageId: string }) {
  const { t } = useTranslation('scorm');
  return (
    <ReportCard
      title={t('report.objectivesTitle')}
      report={useScormObjectiveReport(packageId)}
      csv={{ href: scormObjectiveCsvUrl(packageId), label: t('report.downloadObjectives') }}
      empty={<EmptyState icon={Target} title={t('report.noObjectivesTitle')} description={t('report.noObjectives')} />}
    >
      {(rows) => (
        <FigureTable
          columns={[
            { label: t('report.objective') },
            { label: t('report.learners'), numeric: true },
            { label: t('attempts.attempts'), numeric: true },
            { label: t('analytics.completed'), numeric: true },
            { label: t('analytics.passed'), numeric: true },
            { label: t('report.failed'), numeric: true },
            { label: t('analytics.averageScore'), numeric: true },
          ]}
        >
          {rows.map((row) => (
            <tr key={`${row.sco_id}/${row.objective_id}`} className="border-t border-border">
              <th scope="row" className="py-2 pr-4 font-medium">
                <span className="block break-all">{row.description ?? row.objective_id}</span>
                <span className="block break-all text-xs font-normal text-muted-foreground">
                  {t('report.objectiveMeta', { sco: row.sco_title, id: row.objective_id })}
                </span>
              </th>
              <td className="py-2 pr-4 text-right">{row.learners}</td>
              <td className="py-2 pr-4 text-right">{row.attempts}</td>
              <td className="py-2 pr-4 text-right">{row.completed}</td>
              <td className="py-2 pr-4 text-right">{row.passed}</td>
              <td className="py-2 pr-4 text-right">{row.failed}</td>
              <td className="py-2 text-right">
                {row.average_score === null ? '—' : t('analytics.percent', { value: row.average_score })}
              </td>
            </tr>
          ))}
        </FigureTable>
      )}
    </ReportCard>
  );
}
