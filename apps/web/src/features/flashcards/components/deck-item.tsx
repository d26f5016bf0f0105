import type { Deck } from '@portal/shared/flashcards';
import { GraduationCap, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDeleteDeck } from '../api/delete-deck';
import { FLASHCARDS_PATH, reviewPath } from '../paths';
import { DeckNameForm } from './deck-name-form';
import { DeleteAction } from './delete-action';

/** A course deck's course, with "read-only" for learners who study it. */
export function CourseBadge({ deck }: { deck: Deck }) {
  const { t } = useTranslation('flashcards-import');
  if (!deck.course) return null;
  return (
    <Badge className="mt-1">
      {t(deck.read_only ? 'course.badgeReadOnly' : 'course.badge', { course: deck.course.title })}
    </Badge>
  );
}

/** One deck: its counts, Study, rename in place, and delete after asking. */
export function DeckItem({ deck }: { deck: Deck }) {
  const { t } = useTranslation('flashcards');
  const [renaming, setRenaming] = useState(false);
  const remove = useDeleteDeck();
  const toStudy = deck.due_count + deck.new_count;

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-sm">
      {renaming ? (
        <DeckNameForm deck={deck} onDone={() => setRenaming(false)} onCancel={() => setRenaming(false)} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold">
              <Link
                to={`${FLASHCARDS_PATH}/${deck.id}`}
                className="hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {deck.name}
              </Link>
            </h2>
            <p className="text-sm text-muted-foreground">
              {t('decks.counts', { due: deck.due_count, new: deck.new_count, count: deck.card_count })}
            </p>
            <CourseBadge deck={deck} />
          </div>
          <div className="flex flex-wrap gap-2">
            {toStudy > 0 ? (
              <Button asChild>
                <Link to={reviewPath(deck.id)} aria-label={t('decks.studyNamed', { name: deck.name })}>
                  <GraduationCap aria-hidden="true" />
                  {t('decks.study')}
                </Link>
              </Button>
            ) : null}
            {deck.read_only ? null : (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRenaming(true)}
                  aria-label={t('decks.renameNamed', { name: deck.name })}
                >
                  <Pencil aria-hidden="true" />
                  {t('decks.rename')}
                </Button>
                <DeleteAction
                  label={t('decks.delete')}
                  ariaLabel={t('decks.deleteNamed', { name: deck.name })}
                  title={t('decks.deleteTitle', { name: deck.name })}
                  description={t('decks.deleteDescription', { count: deck.card_count })}
                  pending={remove.isPending}
                  onDelete={(callbacks) => remove.mutate(deck.id, callbacks)}
                  deleted={t('decks.deleted')}
                  failed={t('decks.deleteFailed')}
                />
              </>
            )}
          </div>
        </div>
      )}
    </li>
  );
}
