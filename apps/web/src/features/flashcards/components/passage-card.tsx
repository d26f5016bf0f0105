import { PASSAGE_MAX } from '@portal/shared/flashcards-sources';
import { WalletCards } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCardFromPassage } from '../api/card-from-passage';

/** The text selected inside `container`, or '' when the selection is elsewhere or empty. */
function selectedIn(container: HTMLElement | null): string {
  const selection = window.getSelection();
  if (!container || !selection || selection.isCollapsed || selection.rangeCount === 0) return '';
  const range = selection.getRangeAt(0);
  return container.contains(range.commonAncestorContainer) ? selection.toString().trim() : '';
}

/**
 * Wraps a lesson's text: selecting a passage (mouse or keyboard) offers "Make a flashcard", which asks about the
 * passage on the front and keeps it on the back, linked to the lesson.
 */
export function PassageCardAction({
  lessonId,
  lessonTitle,
  children,
}: {
  lessonId: string;
  lessonTitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('flashcards-import');
  const container = useRef<HTMLDivElement>(null);
  const [passage, setPassage] = useState('');
  const make = useCardFromPassage();

  useEffect(() => {
    const update = () => {
      const text = selectedIn(container.current);
      if (text) setPassage(text.slice(0, PASSAGE_MAX));
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, []);

  const create = () =>
    make.mutate(
      {
        lesson_id: lessonId,
        passage,
        front: t('passage.front', { lesson: lessonTitle }),
        deck_name: t('defaults.notesDeck'),
      },
      {
        onSuccess: ({ deck }) => {
          toast.success(t('made', { deck: deck.name }));
          setPassage('');
        },
        onError: () => toast.error(t('makeFailed')),
      },
    );

  return (
    <div>
      <div ref={container}>{children}</div>
      {passage ? (
        <div className="sticky bottom-2 mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-border bg-card p-2 shadow-md">
          <p className="min-w-0 flex-1 truncate text-sm text-muted-foreground">
            {t('passage.selected', { text: passage })}
          </p>
          <Button size="sm" onClick={create} disabled={make.isPending}>
            <WalletCards aria-hidden="true" />
            {t('passage.make')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setPassage('')}>
            {t('cancel')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
