import { type FlashcardCard, type FlashcardNote, revealClozes } from '@portal/shared/flashcards';
import { Moon, Pause, Pencil, Play, Sun } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDisplayFormats } from '@/lib/profile';
import { useChangeCard } from '../api/change-card';
import { useDeleteFlashcardNote } from '../api/delete-flashcard-note';
import { CardMarkdown } from './card-markdown';
import { CardSource } from './card-source';
import { DeleteAction } from './delete-action';
import { NoteForm } from './note-form';

function CardRow({ card, label }: { card: FlashcardCard; label: string }) {
  const { t } = useTranslation('flashcards');
  const { formatDate } = useDisplayFormats();
  const change = useChangeCard();
  const buried = card.buried_until !== null && new Date(card.buried_until) > new Date();
  const act = (changes: { suspended?: boolean; buried?: boolean }, done: string) =>
    change.mutate(
      { cardId: card.id, change: changes },
      { onSuccess: () => toast.success(done), onError: () => toast.error(t('cards.changeFailed')) },
    );

  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-1.5 text-sm">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{label}</span>
        <Badge>{t(`states.${card.state}`)}</Badge>
        {card.state === 'new' ? null : (
          <span className="text-muted-foreground">{t('cards.due', { date: formatDate(new Date(card.due)) })}</span>
        )}
        {card.suspended ? <Badge className="bg-muted text-foreground">{t('cards.suspended')}</Badge> : null}
        {buried ? <Badge className="bg-muted text-foreground">{t('cards.buried')}</Badge> : null}
      </span>
      <span className="flex flex-wrap gap-1">
        <Button
          variant="ghost"
          size="sm"
          disabled={change.isPending}
          aria-label={t(card.suspended ? 'cards.unsuspendNamed' : 'cards.suspendNamed', { card: label })}
          onClick={() =>
            act({ suspended: !card.suspended }, card.suspended ? t('cards.unsuspended') : t('cards.suspendedDone'))
          }
        >
          {card.suspended ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {card.suspended ? t('cards.unsuspend') : t('cards.suspend')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={change.isPending || card.suspended}
          aria-label={t(buried ? 'cards.unburyNamed' : 'cards.buryNamed', { card: label })}
          onClick={() => act({ buried: !buried }, buried ? t('cards.unburied') : t('cards.buriedDone'))}
        >
          {buried ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
          {buried ? t('cards.unbury') : t('cards.bury')}
        </Button>
      </span>
    </li>
  );
}

/**
 * A card as written (front, back, tags) with the cards made from it; edit in place, delete after asking. A course
 * deck's card is read-only for its learners: they only suspend or bury their own copies.
 */
export function NoteItem({ note, readOnly = false }: { note: FlashcardNote; readOnly?: boolean }) {
  const { t } = useTranslation('flashcards');
  const [editing, setEditing] = useState(false);
  const remove = useDeleteFlashcardNote();
  const cloze = note.cards.some((card) => card.ordinal > 0);
  const front = cloze ? revealClozes(note.front) : note.front;
  const plain = front.replaceAll('**', '');
  const snippet = plain.length > 40 ? `${plain.slice(0, 40)}…` : plain;

  if (editing) {
    return (
      <li className="rounded-lg border border-primary/40 bg-card p-4 shadow-sm">
        <NoteForm deckId={note.deck_id} note={note} onDone={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4 shadow-sm">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <h3 className="text-xs font-medium text-muted-foreground">{cloze ? t('form.text') : t('form.front')}</h3>
          <CardMarkdown text={front} className="text-sm [&_p]:my-1" />
        </div>
        {note.back.trim() ? (
          <div>
            <h3 className="text-xs font-medium text-muted-foreground">{cloze ? t('form.extra') : t('form.back')}</h3>
            <CardMarkdown text={note.back} className="text-sm [&_p]:my-1" />
          </div>
        ) : null}
      </div>
      <CardSource source={note.source} />
      {note.tags.length ? (
        <ul className="flex flex-wrap gap-1" aria-label={t('form.tags')}>
          {note.tags.map((tag) => (
            <li key={tag}>
              <Badge>#{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="divide-y divide-border border-t border-border">
        {note.cards.map((card) => (
          <CardRow
            key={card.id}
            card={card}
            label={card.ordinal ? t('cards.cloze', { number: card.ordinal }) : t('cards.card')}
          />
        ))}
      </ul>
      {readOnly ? null : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={t('notes.editNamed', { text: snippet })}
          >
            <Pencil aria-hidden="true" />
            {t('notes.edit')}
          </Button>
          <DeleteAction
            label={t('notes.delete')}
            ariaLabel={t('notes.deleteNamed', { text: snippet })}
            title={t('notes.deleteTitle')}
            description={t('notes.deleteDescription', { count: note.cards.length })}
            pending={remove.isPending}
            onDelete={(callbacks) => remove.mutate(note.id, callbacks)}
            deleted={t('notes.deleted')}
            failed={t('notes.deleteFailed')}
          />
        </div>
      )}
    </li>
  );
}
