import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * The "Make a card" actions other screens offer (notes, quiz results, lesson text). The app composes in the
 * flashcards feature's components, so those screens do not import it; without a provider they offer nothing.
 */
export type CardMakers = {
  NoteCard?: ComponentType<{ noteId: string; ariaLabel?: string }>;
  QuizMistakeCard?: ComponentType<{ lessonId: string; questionId: string }>;
  PassageCard?: ComponentType<{ lessonId: string; lessonTitle: string; children: ReactNode }>;
};

const CardMakersContext = createContext<CardMakers>({});

export const CardMakersProvider = CardMakersContext.Provider;
export const useCardMakers = () => useContext(CardMakersContext);
