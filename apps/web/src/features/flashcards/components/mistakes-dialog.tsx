import { ListChecks } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { useCardMistakes } from '../api/card-mistakes';
import { useDecks } from '../api/get-decks';
import { useMistakes } from '../api/get-mistakes';

/**
 * "Cards from my mistakes": every quiz question and SCORM interaction answered wrong that has no card yet, one
 * card each (question on the front, correct answer on the back), in a deck the learner picks.
 */
export function MistakesDialog() {
  const { t } = useTranslation('flashcards-import');
  const id = useId();
  const [open, setOpen] = useState(false);
  const mistakes = useMistakes(open);
  const decks = useDecks();
  const make = useCardMistakes();
  const [deckId, setDeckId] = useState('');
  const open_ = (mistakes.data ?? []).filter((mistake) => !mistake.carded);
  const own = (decks.data?.decks ?? []).filter((deck) => !deck.read_only);
  const target = deckId ? { deck_id: deckId } : { deck_name: t('defaults.mistakesDeck') };

  const run = (keys?: string[]) =>
    make.mutate(
      { ...target, ...(keys ? { keys } : {}) },
      {
        onSuccess: (result) => toast.success(t('mistakes.made', { count: result.created, deck: result.deck.name })),
        onError: () => toast.error(t('mistakes.failed')),
      },
    );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ListChecks aria-hidden="true" />
          {t('mistakes.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('mistakes.title')}</DialogTitle>
        <DialogDescription>{t('mistakes.description')}</DialogDescription>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id}>{t('deckChoice')}</Label>
          <select
            id={id}
            className="h-10 rounded-md border border-border bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
            value={deckId}
            onChange={(event) => setDeckId(event.target.value)}
          >
            <option value="">{t('defaults.mistakesDeck')}</option>
            {own.map((deck) => (
              <option key={deck.id} value={deck.id}>
                {deck.name}
              </option>
            ))}
          </select>
        </div>
        <p aria-live="polite" className="text-sm">
          {mistakes.isPending
            ? t('loading')
            : mistakes.isError
              ? t('mistakes.loadFailed')
              : t('mistakes.count', { count: open_.length })}
        </p>
        {open_.length ? (
          <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto">
            {open_.map((mistake) => (
              <li
                key={mistake.key}
                className="flex items-start justify-between gap-2 rounded-md border border-border p-2 text-sm"
              >
                <span className="min-w-0">
                  <span className="block font-medium">{mistake.question}</span>
                  <span className="block text-muted-foreground">
                    {t('mistakes.answer', { answer: mistake.correct_answer })}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={make.isPending}
                  onClick={() => run([mistake.key])}
                  aria-label={t('mistakes.oneNamed', { question: mistake.question })}
                >
                  {t('makeCard')}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex justify-end">
          <Button onClick={() => run()} disabled={make.isPending || open_.length === 0}>
            {t('mistakes.all', { count: open_.length })}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
