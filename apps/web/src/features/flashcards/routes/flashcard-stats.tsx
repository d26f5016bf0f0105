import type { Tier } from '@portal/shared/tiers';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DailyChart } from '@/components/charts/daily-chart';
import { PageHeader } from '@/components/page-header';
import { PlanUpgrade } from '@/components/plan-upgrade';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useFormatMinutes } from '@/lib/format-duration';
import { numberFormat } from '@/lib/intl-formats';
import { useDecks } from '../api/get-decks';
import { useFlashcardStats } from '../api/get-flashcard-stats';
import { MaturityBreakdown } from '../components/maturity-breakdown';
import { OptimizerPanel } from '../components/optimizer-panel';
import { RetentionTable } from '../components/retention-table';
import { ReviewHeatmap } from '../components/review-heatmap';
import { FLASHCARDS_PATH } from '../paths';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Reviews per day, true retention, the due forecast and card maturity, for every deck or one (`?deck=`). */
export function FlashcardStatsPage() {
  const { t, i18n } = useTranslation('flashcards-stats');
  const deckFieldId = useId();
  const [params, setParams] = useSearchParams();
  const deckId = params.get('deck') ?? undefined;
  const decks = useDecks();
  const stats = useFlashcardStats(deckId);
  const formatMinutes = useFormatMinutes();
  const number = numberFormat(i18n.resolvedLanguage);
  const upgrade = stats.error instanceof ApiError && stats.error.code === 'subscription_required';
  const data = stats.data;

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button asChild variant="outline">
            <Link to={FLASHCARDS_PATH}>
              <ArrowLeft aria-hidden="true" />
              {t('back')}
            </Link>
          </Button>
        }
      />
      {upgrade ? (
        <PlanUpgrade tier={((stats.error as ApiError).reasons[0] as Tier | undefined) ?? 'me'} feature={t('feature')} />
      ) : (
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-1.5 sm:max-w-xs">
            <Label htmlFor={deckFieldId}>{t('deck')}</Label>
            <select
              id={deckFieldId}
              className="h-10 rounded-md border border-border bg-card px-3"
              value={deckId ?? ''}
              onChange={(event) => setParams(event.target.value ? { deck: event.target.value } : {}, { replace: true })}
            >
              <option value="">{t('allDecks')}</option>
              {(decks.data?.decks ?? []).map((deck) => (
                <option key={deck.id} value={deck.id}>
                  {deck.name}
                </option>
              ))}
            </select>
          </div>
          {stats.isPending ? <Spinner label={t('loading')} /> : null}
          {stats.isError ? <Alert variant="destructive">{t('loadFailed')}</Alert> : null}
          {data ? (
            <>
              <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                {[
                  { key: 'reviews', value: number.format(data.totals.reviews) },
                  { key: 'time', value: formatMinutes(Math.round(data.totals.time_ms / 60_000)) },
                  { key: 'days', value: number.format(data.totals.days_studied) },
                ].map((total) => (
                  <div key={total.key} className="rounded-lg border border-border bg-card p-4">
                    <dt className="text-sm text-muted-foreground">{t(`totals.${total.key}`)}</dt>
                    <dd className="text-2xl font-semibold tabular-nums">{total.value}</dd>
                  </div>
                ))}
              </dl>
              <Section title={t('heatmap.heading')}>
                <ReviewHeatmap stats={data} />
              </Section>
              <Section title={t('retention.heading')}>
                <RetentionTable retention={data.retention} />
              </Section>
              <Section title={t('forecast.heading')}>
                <DailyChart
                  title={t('forecast.chart')}
                  kind="bar"
                  data={data.forecast.map((day) => ({ date: day.date, value: day.due }))}
                  formatValue={(value) => number.format(value)}
                />
              </Section>
              <Section title={t('maturity.heading')}>
                <MaturityBreakdown maturity={data.maturity} />
              </Section>
            </>
          ) : null}
          <Section title={t('optimizer.heading')}>
            <OptimizerPanel />
          </Section>
        </div>
      )}
    </div>
  );
}
