import { quizMistakeKey } from '@portal/shared/flashcards-sources';
import { WalletCards } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCardFromNote } from '../api/card-from-note';
import { useCardMistakes } from '../api/card-mistakes';

type Props = { ariaLabel?: string };

const useDone = () => {
  const { t } = useTranslation('flashcards-import');
  return {
    // A note carded before keeps its one card: say where it is rather than that one was added.
    onSuccess: ({ deck, created }: { deck: { name: string }; created: boolean | number }) =>
      created ? toast.success(t('made', { deck: deck.name })) : toast.info(t('alreadyMade', { deck: deck.name })),
    onError: () => toast.error(t('makeFailed')),
  };
};

/** "Make a card" from one of the learner's notes (once; again shows where it went). */
export function NoteCardButton({ noteId, ariaLabel }: Props & { noteId: string }) {
  const { t } = useTranslation('flashcards-import');
  const make = useCardFromNote();
  const done = useDone();
  return (
    <Button
      variant="ghost"
      size="sm"
      // Busy, the button keeps its focus (a disabled one would drop it on the page) and ignores clicks.
      aria-disabled={make.isPending || undefined}
      aria-label={ariaLabel}
      onClick={() => {
        if (!make.isPending) make.mutate({ note_id: noteId, deck_name: t('defaults.notesDeck') }, done);
      }}
    >
      <WalletCards aria-hidden="true" />
      {t('makeCard')}
    </Button>
  );
}

/** "Make a card" from a quiz question answered wrong: its question on the front, its answer on the back. */
export function QuizMistakeCardButton({
  lessonId,
  questionId,
  ariaLabel,
}: Props & { lessonId: string; questionId: string }) {
  const { t } = useTranslation('flashcards-import');
  const make = useCardMistakes();
  const done = useDone();
  return (
    <Button
      variant="outline"
      size="sm"
      className="self-start"
      aria-disabled={make.isPending || make.isSuccess || undefined}
      aria-label={ariaLabel}
      onClick={() => {
        if (make.isPending || make.isSuccess) return;
        make.mutate({ keys: [quizMistakeKey(lessonId, questionId)], deck_name: t('defaults.mistakesDeck') }, done);
      }}
    >
      <WalletCards aria-hidden="true" />
      {make.isSuccess ? t('madeShort') : t('makeCard')}
    </Button>
  );
}
