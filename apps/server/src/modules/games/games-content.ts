import { parseClozes, renderCloze } from '@portal/shared/flashcards';
import type { PoolItem } from '@portal/shared/game-rounds';
import { plainText } from '@portal/shared/games';
import type { StoredLessonContent } from '../../db/schema.ts';

/** A course the learner is enrolled in, with the lessons they may open now. */
export type GameCourse = {
  id: string;
  title: string;
  lessons: { id: string; title: string; content: StoredLessonContent }[];
};
/** A flashcard deck the learner studies, with its notes. */
export type GameDeck = { id: string; name: string; notes: { id: string; front: string; back: string }[] };

/** A list item that defines a bold term: `- **Term:** definition`, `1. **Term** — definition`, `**Term**: definition`. */
const GLOSSARY_LINE = /^\s*(?:[-*+]|\d+[.)])\s+\*\*([^*\n]{1,80}?)(?::\*\*|\*\*\s*(?::|—|–|-))\s*(\S.{2,299})$/u;

/** Term/definition pairs a text lesson states as a glossary-style list. */
export function glossaryPairs(markdown: string): { term: string; definition: string }[] {
  return markdown.split('\n').flatMap((line) => {
    const match = GLOSSARY_LINE.exec(line);
    if (!match?.[1] || !match[2]) return [];
    const definition = plainText(match[2]);
    const term = plainText(match[1]);
    return term && definition ? [{ term, definition: definition[0]?.toUpperCase() + definition.slice(1) }] : [];
  });
}

/** Quiz questions with one correct choice, and glossary pairs of text lessons. */
export function courseItems(course: GameCourse): PoolItem[] {
  return course.lessons.flatMap((lesson) => {
    const origin = { kind: 'lesson', course_id: course.id, lesson_id: lesson.id, title: lesson.title } as const;
    const { content } = lesson;
    if (content.kind === 'quiz') {
      return content.questions.flatMap((question) => {
        const correct = question.choices.filter((choice) => choice.correct);
        if (question.kind !== 'single' || correct.length !== 1 || !correct[0]) return [];
        return [
          {
            id: `q:${question.id}`,
            prompt: plainText(question.prompt),
            answer: plainText(correct[0].text),
            choices: question.choices.map((choice) => ({
              id: choice.id,
              text: plainText(choice.text),
              correct: choice.correct,
            })),
            origin,
          },
        ];
      });
    }
    if (content.kind === 'text') {
      return glossaryPairs(content.markdown).map((pair, index) => ({
        id: `g:${lesson.id}:${index}`,
        prompt: pair.term,
        answer: pair.definition,
        origin,
      }));
    }
    return [];
  });
}

/** Front/back cards, and one item per cloze deletion (the prompt hides it, the answer is the deleted text). */
export function deckItems(deck: GameDeck): PoolItem[] {
  const origin = { kind: 'deck', deck_id: deck.id, title: deck.name } as const;
  return deck.notes.flatMap((note) => {
    const clozes = parseClozes(note.front);
    if (clozes.length === 0) {
      return [{ id: `c:${note.id}:0`, prompt: plainText(note.front), answer: plainText(note.back), origin }];
    }
    const numbers = [...new Set(clozes.map((cloze) => cloze.number))];
    return numbers.map((number) => ({
      id: `c:${note.id}:${number}`,
      prompt: plainText(renderCloze(note.front, number).prompt),
      answer: clozes
        .filter((cloze) => cloze.number === number)
        .map((cloze) => plainText(cloze.answer))
        .join(' … '),
      origin,
    }));
  });
}
