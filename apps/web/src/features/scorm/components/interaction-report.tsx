import type { ScormInteractionReport } from '@portal/shared/scorm-analytics';
import { BarChart3, Check, Minus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { scormInteractionCsvUrl, useScormInteractionReport } from '../api/get-scorm-interaction-report';
import { FigureTable } from './figure-table';
import { durationText } from './format';
import { ReportCard } from './report-card';

const OUTCOME_ICONS = { correct: Check, incorrect: X, other: Minus } as const;

/** Each question of the package: what it asks, the right answer, what learners answered and how fast. */
export function InteractionReport({ packageId }: { packageId: string }) {
  const { t } = useTranslation('scorm');
  return (
    <ReportCard
      title={t('analytics.interactionsTitle')}
      report={useScormInteractionReport(packageId)}
      csv={{ href: scormInteractionCsvUrl(packageId), label: t('report.downloadInteractions') }}
      empty={
        <EmptyState
          icon={BarChart3}
          title={t('analytics.noInteractionsTitle')}
          description={t('analytics.noInteractions')}
        />
      }
    >
      {(rows) => (
        <ul className="flex flex-col gap-6">
          {rows.map((row) => (
            <li key={`${row.sco_id}/${row.interaction_id}`}>
              <InteractionCard row={row} />
            </li>
          ))}
        </ul>
      )}
    </ReportCard>
  );
}

function InteractionCard({ row }: { row: ScormInteractionReport }) {
  const { t } = useTranslation('scorm');
  const question = row.description ?? row.interaction_id;
  const latency = (value: number | null) => (value === null ? '—' : durationText(value, t));
  const figures: Array<[string, string]> = [
    [t('report.answers'), String(row.responses)],
    [t('report.learners'), String(row.learners)],
    [t('analytics.correctRate'), row.correct_rate === null ? '—' : t('analytics.percent', { value: row.correct_rate })],
    [t('report.averageLatency'), latency(row.average_latency_seconds)],
    [t('report.medianLatency'), latency(row.median_latency_seconds)],
  ];
  return (
    <article aria-label={question} className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <header>
        <h3 className="break-words font-medium">{question}</h3>
        <p className="break-all text-xs text-muted-foreground">
          {t('report.interactionMeta', {
            sco: row.sco_title,
            id: row.interaction_id,
            type: row.type ?? t('report.noType'),
          })}
        </p>
      </header>
      <dl className="grid gap-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">
        <span className="text-muted-foreground">{t('report.correctResponses')}: </span>
        <span className="break-all">
          {row.correct_responses.length === 0 ? t('report.noCorrectResponse') : row.correct_responses.join(' | ')}
        </span>
      </p>
      <FigureTable
        caption={t('report.distributionCaption', { question })}
        columns={[
          { label: t('report.answer') },
          { label: t('report.outcome') },
          { label: t('report.count'), numeric: true },
          { label: t('report.share'), numeric: true },
        ]}
      >
        {row.distribution.map((answer) => {
          const Icon = OUTCOME_ICONS[answer.outcome];
          return (
            <tr key={`${answer.response}/${answer.outcome}`} className="border-t border-border">
              <th scope="row" className="break-all py-2 pr-4 font-normal">
                {answer.response === '' ? t('report.noAnswer') : answer.response}
              </th>
              <td className="py-2 pr-4">
                <span className="inline-flex items-center gap-1">
                  <Icon className="size-4" aria-hidden="true" />
                  {t(`report.outcomes.${answer.outcome}`)}
                </span>
              </td>
              <td className="py-2 pr-4 text-right">{answer.count}</td>
              <td className="py-2 text-right">
                <span className="inline-flex items-center justify-end gap-2">
                  <span className="hidden h-2 w-24 overflow-hidden rounded-full bg-muted sm:block" aria-hidden="true">
                    <span className="block h-full bg-primary" style={{ width: `${answer.share}%` }} />
                  </span>
                  {t('analytics.percent', { value: answer.share })}
                </span>
              </td>
            </tr>
          );
        })}
        {row.other_responses > 0 ? (
          <tr className="border-t border-border">
            <th scope="row" className="py-2 pr-4 font-normal italic">
              {t('report.otherAnswers')}
            </th>
            <td className="py-2 pr-4">—</td>
            <td className="py-2 pr-4 text-right">{row.other_responses}</td>
            <td className="py-2 text-right">
              {t('analytics.percent', { value: Math.round((row.other_responses / row.responses) * 1000) / 10 })}
            </td>
          </tr>
        ) : null}
      </FigureTable>
    </article>
  );
}
