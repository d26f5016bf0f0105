import type { Tier } from '@portal/shared/tiers';
import { ChartColumn, GraduationCap, WalletCards } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { PlanUpgrade } from '@/components/plan-upgrade';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useDecks } from '../api/get-decks';
import { DeckItem } from '../components/deck-item';
import { DeckNameForm } from '../components/deck-name-form';
import { MistakesDialog } from '../components/mistakes-dialog';
import { SettingsDialog } from '../components/settings-dialog';
import { reviewPath, statsPath } from '../paths';

/** The learner's decks with what is due, and the way to a new deck or a review of everything due. */
export function FlashcardsPage() {
  const { t } = useTranslation('flashcards');
  const decks = useDecks();
  const upgrade = decks.error instanceof ApiError && decks.error.code === 'subscription_required';
  const list = decks.data?.decks ?? [];
  const dueEverywhere = list.reduce((sum, deck) => sum + deck.due_count + deck.new_count, 0);

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          decks.data ? (
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <Link to={statsPath()}>
                  <ChartColumn aria-hidden="true" />
                  {t('statsLink')}
                </Link>
              </Button>
              <SettingsDialog />
              <MistakesDialog />
              {dueEverywhere > 0 ? (
                <Button asChild>
                  <Link to={reviewPath()}>
                    <GraduationCap aria-hidden="true" />
                    {t('decks.studyAll', { count: dueEverywhere })}
                  </Link>
                </Button>
              ) : null}
            </div>
          ) : null
        }
      />
      {decks.isPending ? <Spinner label={t('loading')} /> : null}
      {upgrade ? (
        <PlanUpgrade tier={((decks.error as ApiError).reasons[0] as Tier | undefined) ?? 'me'} feature={t('feature')} />
      ) : null}
      {decks.isError && !upgrade ? <Alert variant="destructive">{t('decks.loadFailed')}</Alert> : null}
      {decks.data ? (
        <div className="flex flex-col gap-6">
          <section aria-labelledby="new-deck-heading" className="rounded-lg border border-border bg-card p-4">
            <h2 id="new-deck-heading" className="sr-only">
              {t('decks.newHeading')}
            </h2>
            <DeckNameForm />
          </section>
          {list.length === 0 ? (
            <EmptyState icon={WalletCards} title={t('decks.emptyTitle')} description={t('decks.emptyDescription')} />
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t('decks.listLabel')}>
              {list.map((deck) => (
                <DeckItem key={deck.id} deck={deck} />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
