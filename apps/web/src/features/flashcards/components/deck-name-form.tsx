import { DECK_NAME_MAX } from '@portal/shared/flashcards';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { useSaveDeck } from '../api/save-deck';

/** Names a new deck, or renames one when `deck` is given. */
export function DeckNameForm({
  deck,
  onDone,
  onCancel,
}: {
  deck?: { id: string; name: string };
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('flashcards');
  const id = useId();
  const [name, setName] = useState(deck?.name ?? '');
  const [problem, setProblem] = useState<'empty' | 'taken' | null>(null);
  const save = useSaveDeck();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem('empty');
      return;
    }
    setProblem(null);
    save.mutate(
      { deckId: deck?.id, name: name.trim() },
      {
        onSuccess: () => {
          toast.success(deck ? t('decks.renamed') : t('decks.created'));
          if (!deck) setName('');
          onDone?.();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.reasons.includes('deck_name_taken')) setProblem('taken');
          else toast.error(t('decks.saveFailed'));
        },
      },
    );
  };

  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
      <div className="flex min-w-56 flex-1 flex-col gap-1.5">
        <Label htmlFor={id}>{deck ? t('decks.renameLabel') : t('decks.newLabel')}</Label>
        <Input
          id={id}
          value={name}
          maxLength={DECK_NAME_MAX}
          // Renaming starts in the name, and Escape leaves it as it was.
          autoFocus={Boolean(deck)}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onCancel) {
              event.preventDefault();
              onCancel();
            }
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        {problem ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {problem === 'empty' ? t('decks.nameRequired') : t('decks.nameTaken', { name: name.trim() })}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={save.isPending}>
        {deck ? t('decks.rename') : t('decks.create')}
      </Button>
      {onCancel ? (
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
      ) : null}
    </form>
  );
}
