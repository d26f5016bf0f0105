import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import type { CardMakers } from '@/lib/card-makers';

/**
 * A card maker whose code (and translations) load the first time a screen shows it, so screens without one
 * (the landing, sign-in) never download the flashcards feature. While it loads, `fallback` stands in.
 */
function lazyMaker<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: (props: Props) => ReactNode = () => null,
): ComponentType<Props> {
  const Maker = lazy(() => load().then((component) => ({ default: component })));
  return (props: Props) => (
    <Suspense fallback={fallback(props)}>
      <Maker {...props} />
    </Suspense>
  );
}

const makeCardButtons = () => import('@/features/flashcards/components/make-card-button');

/** Flashcards' one-click cards, offered on the notes, quiz and lesson screens. */
export const CARD_MAKERS: CardMakers = {
  NoteCard: lazyMaker(() => makeCardButtons().then((m) => m.NoteCardButton)),
  QuizMistakeCard: lazyMaker(() => makeCardButtons().then((m) => m.QuizMistakeCardButton)),
  PassageCard: lazyMaker(
    () => import('@/features/flashcards/components/passage-card').then((m) => m.PassageCardAction),
    ({ children }) => children,
  ),
};
