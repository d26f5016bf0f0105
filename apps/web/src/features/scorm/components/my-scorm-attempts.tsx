import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useMyScormAttempts } from '../api/get-my-scorm-attempts';
import { FigureTable } from './figure-table';
import { durationText, formatDateTime, statusText } from './format';
import { ScoreHistoryChart } from './score-history-chart';

/** A button on a library enrolment that opens the learner's attempts at it: a score chart and every attempt. */
export function MyScormAttempts({ enrollmentId, title }: { enrollmentId: string; title: string }) {
  const { t } = useTranslation('scorm');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" aria-label={t('history.openLabel', { title })}>
          <History aria-hidden="true" />
          {t('history.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('close')} className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogTitle>{t('history.title', { title })}</DialogTitle>
        <DialogDescription>{t('history.description')}</DialogDescription>
        {open ? <AttemptHistory enrollmentId={enrollmentId} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AttemptHistory({ enrollmentId }: { enrollmentId: string }) {
  const { t, i18n } = useTranslation('scorm');
  const history = useMyScormAttempts(enrollmentId);
  if (history.isPending) return <Spinner label={t('history.loading')} className="justify-center py-6" />;
  if (history.isError) return <p className="text-destructive">{t('history.loadFailed')}</p>;
  const { attempts } = history.data;
  if (attempts.length === 0) return <p className="text-sm text-muted-foreground">{t('history.none')}</p>;
  const multiSco = new Set(attempts.map((attempt) => attempt.sco_id)).size > 1;
  return (
    <div className="flex flex-col gap-4">
      <ScoreHistoryChart attempts={attempts} />
      <FigureTable
        caption={t('history.tableCaption')}
        columns={[
          { label: t('history.attempt') },
          { label: t('history.started') },
          { label: t('history.ended') },
          { label: t('history.completion') },
          { label: t('history.success') },
          { label: t('history.score'), numeric: true },
          { label: t('history.time'), numeric: true },
        ]}
      >
        {attempts.map((attempt) => (
          <tr key={attempt.id} className="border-t border-border">
            <th scope="row" className="py-2 pr-4 font-medium">
              {multiSco
                ? t('history.attemptOfSco', { number: attempt.number, sco: attempt.sco_title })
                : t('history.attemptNumber', { number: attempt.number })}
            </th>
            <td className="py-2 pr-4">{formatDateTime(attempt.started_at, i18n.language)}</td>
            <td className="py-2 pr-4">
              {attempt.ended_at ? formatDateTime(attempt.ended_at, i18n.language) : t('history.notEnded')}
            </td>
            <td className="py-2 pr-4">{statusText(attempt.completion_status, t)}</td>
            <td className="py-2 pr-4">{statusText(attempt.success_status, t)}</td>
            <td className="py-2 pr-4 text-right">
              {attempt.score === null ? '—' : t('analytics.percent', { value: attempt.score })}
            </td>
            <td className="py-2 text-right">{durationText(attempt.time_seconds, t)}</td>
          </tr>
        ))}
      </FigureTable>
    </div>
  );
}
