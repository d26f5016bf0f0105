import type { Tier } from '@portal/shared/tiers';
import { ArrowLeft, GraduationCap, Layers } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { PlanUpgrade } from '@/components/plan-upgrade';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useDecks } from '../api/get-decks';
import { useFlashcardNotes } from '../api/get-flashcard-notes';
import { AttachCourse } from '../components/attach-course';
import { CourseBadge } from '../components/deck-item';
import { ExportMenu } from '../components/export-menu';
import { ImportDialog } from '../components/import-dialog';
import { NoteForm } from '../components/note-form';
import { NoteItem } from '../components/note-item';
import { FLASHCARDS_PATH, reviewPath } from '../paths';

const SEARCH_DELAY_MS = 300;

/** One deck: add cards, find them by text or tag, and suspend, bury, edit or delete them. */
export function FlashcardDeckPage() {
  const { t } = useTranslation('flashcards');
  const { deckId = '' } = useParams();
  const searchId = useId();
  const tagId = useId();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const tag = params.get('tag') ?? '';
  const [typed, setTyped] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() === query) return;
      const next = new URLSearchParams(params);
      if (typed.trim()) next.set('q', typed.trim());
      else next.delete('q');
      setParams(next, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, query, params, setParams]);

  const decks = useDecks();
  const deck = decks.data?.decks.find((candidate) => candidate.id === deckId);
  const all = useFlashcardNotes({ deckId });
  const filtered = useFlashcardNotes({ deckId, q: query || undefined, tag: tag || undefined });
  const tags = useMemo(() => [...new Set((all.data?.notes ?? []).flatMap((note) => note.tags))].sort(), [all.data]);
  const error = decks.error ?? all.error;
  const upgrade = error instanceof ApiError && error.code === 'subscription_required';
  const notes = filtered.data?.notes ?? [];
  const filtering = Boolean(query || tag);
  const backToDecks = (
    <Button variant="link" className="mb-2 px-0" asChild>
      <Link to={FLASHCARDS_PATH}>
        <ArrowLeft aria-hidden="true" />
        {t('deck.back')}
      </Link>
    </Button>
  );

  if (upgrade) {
    return (
      <div>
        <PageHeader title={t('title')} />
        <PlanUpgrade tier={((error as ApiError).reasons[0] as Tier | undefined) ?? 'me'} feature={t('feature')} />
      </div>
    );
  }
  if (decks.isPending) return <Spinner label={t('loading')} />;
  if (!deck) {
    return (
      <div>
        <PageHeader title={t('deck.notFoundTitle')} />
        {decks.isError ? <Alert variant="destructive">{t('decks.loadFailed')}</Alert> : null}
        {backToDecks}
      </div>
    );
  }

  return (
    <div>
      {backToDecks}
      <PageHeader
        title={deck.name}
        description={t('decks.counts', { due: deck.due_count, new: deck.new_count, count: deck.card_count })}
        actions={
          <div className="flex flex-wrap gap-2">
            {deck.read_only ? null : (
              <>
                <ImportDialog deckId={deck.id} deckName={deck.name} />
                <ExportMenu deckId={deck.id} deckName={deck.name} />
              </>
            )}
            {deck.due_count + deck.new_count > 0 ? (
              <Button asChild>
                <Link to={reviewPath(deck.id)}>
                  <GraduationCap aria-hidden="true" />
                  {t('decks.study')}
                </Link>
              </Button>
            ) : null}
          </div>
        }
      />
      <CourseBadge deck={deck} />
      <div className={deck.read_only ? 'mt-4' : 'mt-4 grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]'}>
        {deck.read_only ? null : (
          <div className="flex h-fit flex-col gap-4">
            <section aria-labelledby="add-card-heading" className="rounded-lg border border-border bg-card p-4">
              <h2 id="add-card-heading" className="mb-3 text-base font-semibold">
                {t('deck.addHeading')}
              </h2>
              <NoteForm deckId={deck.id} />
            </section>
            <AttachCourse deck={deck} />
          </div>
        )}
        <section aria-labelledby="cards-heading" className="flex min-w-0 flex-col gap-4">
          <h2 id="cards-heading" className="text-base font-semibold">
            {t('deck.cardsHeading')}
          </h2>
          <search className="flex flex-wrap items-end gap-3">
            <div className="flex min-w-56 flex-1 flex-col gap-1.5">
              <Label htmlFor={searchId}>{t('deck.search')}</Label>
              <SearchInput id={searchId} value={typed} onChange={(event) => setTyped(event.target.value)} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={tagId}>{t('deck.tag')}</Label>
              <select
                id={tagId}
                className="h-10 rounded-md border border-border bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
                value={tag}
                onChange={(event) => {
                  const next = new URLSearchParams(params);
                  if (event.target.value) next.set('tag', event.target.value);
                  else next.delete('tag');
                  setParams(next, { replace: true });
                }}
              >
                <option value="">{t('deck.allTags')}</option>
                {tags.map((name) => (
                  <option key={name} value={name}>
                    #{name}
                  </option>
                ))}
              </select>
            </div>
          </search>
          <p className="text-sm text-muted-foreground" role="status">
            {filtered.data ? t('deck.shown', { count: notes.length }) : ''}
          </p>
          {filtered.isPending ? <Spinner label={t('loading')} /> : null}
          {filtered.isError ? <Alert variant="destructive">{t('deck.cardsFailed')}</Alert> : null}
          {filtered.data && notes.length === 0 ? (
            <EmptyState
              icon={Layers}
              title={filtering ? t('deck.noMatchTitle') : t('deck.emptyTitle')}
              description={filtering ? t('deck.noMatchDescription') : t('deck.emptyDescription')}
            />
          ) : (
            <ul className="flex flex-col gap-3">
              {notes.map((note) => (
                <NoteItem key={note.id} note={note} readOnly={deck.read_only} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
