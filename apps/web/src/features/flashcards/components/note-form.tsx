import { clozeNumbers, FLASHCARD_TEXT_MAX, type FlashcardNote } from '@portal/shared/flashcards';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { useSaveFlashcardNote } from '../api/save-flashcard-note';

// Cloze syntax uses the same braces as i18next's placeholders, so the texts receive them as values.
const BRACES = { open: '{{', close: '}}' };

const splitTags = (text: string) =>
  text
    .split(/[\s,]+/u)
    .map((tag) => tag.replace(/^#/, '').trim())
    .filter(Boolean);

/** Adds a card to a deck, or edits one when `note` is given; a cloze front makes one card per number. */
export function NoteForm({ deckId, note, onDone }: { deckId: string; note?: FlashcardNote; onDone?: () => void }) {
  const { t } = useTranslation('flashcards');
  const id = useId();
  const [front, setFront] = useState(note?.front ?? '');
  const [back, setBack] = useState(note?.back ?? '');
  const [tags, setTags] = useState(note?.tags.join(' ') ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveFlashcardNote();
  const clozes = clozeNumbers(front);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!front.trim()) return setProblem(t('form.frontRequired'));
    if (clozes.length === 0 && !back.trim()) return setProblem(t('form.backRequired', BRACES));
    setProblem(null);
    const body = { front, back, tags: splitTags(tags) };
    save.mutate(note ? { noteId: note.id, body } : { body: { ...body, deck_id: deckId } }, {
      onSuccess: () => {
        toast.success(note ? t('form.saved') : t('form.added'));
        if (!note) {
          setFront('');
          setBack('');
        }
        onDone?.();
      },
      onError: (error) =>
        setProblem(error instanceof ApiError && error.status === 400 ? error.message : t('form.saveFailed')),
    });
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate aria-describedby={`${id}-cards`}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-front`}>{t('form.front')}</Label>
        <Textarea
          id={`${id}-front`}
          value={front}
          rows={3}
          maxLength={FLASHCARD_TEXT_MAX}
          onChange={(event) => setFront(event.target.value)}
          aria-describedby={`${id}-front-hint`}
          aria-invalid={problem && !front.trim() ? true : undefined}
        />
        <details id={`${id}-front-hint`} className="text-xs text-muted-foreground">
          <summary className="cursor-pointer">{t('form.clozeHelpSummary')}</summary>
          <p className="mt-1">{t('form.clozeHelp', BRACES)}</p>
          <p className="mt-1 font-mono">{t('form.clozeExample', BRACES)}</p>
        </details>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-back`}>{clozes.length ? t('form.extra') : t('form.back')}</Label>
        <Textarea
          id={`${id}-back`}
          value={back}
          rows={3}
          maxLength={FLASHCARD_TEXT_MAX}
          onChange={(event) => setBack(event.target.value)}
          aria-describedby={`${id}-back-hint`}
        />
        <p id={`${id}-back-hint`} className="text-xs text-muted-foreground">
          {t('form.markdownHint')}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-tags`}>{t('form.tags')}</Label>
        <Input
          id={`${id}-tags`}
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          aria-describedby={`${id}-tags-hint`}
        />
        <p id={`${id}-tags-hint`} className="text-xs text-muted-foreground">
          {t('form.tagsHint')}
        </p>
      </div>
      <p id={`${id}-cards`} className="text-sm text-muted-foreground" aria-live="polite">
        {clozes.length ? t('form.clozeCards', { count: clozes.length }) : t('form.basicCard')}
      </p>
      {problem ? (
        <p className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {note && onDone ? (
          <Button type="button" variant="outline" onClick={onDone}>
            {t('cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {note ? t('form.save') : t('form.add')}
        </Button>
      </div>
    </form>
  );
}
