import { type Deck, FLASHCARD_TEXT_MAX, type FlashcardNote } from '@portal/shared/flashcards';
import {
  type FlashcardSourceKind,
  type FromNoteBody,
  type FromPassageBody,
  type Mistake,
  type MistakeCardsBody,
  type MistakeCardsResult,
  type OneClickResult,
  quizMistakeKey,
  scormMistakeKey,
} from '@portal/shared/flashcards-sources';
import type { Role } from '@portal/shared/roles';
import { AppError } from '../../errors.ts';
import { presentNote } from './flashcards.presenter.ts';
import type { FlashcardsRepository } from './flashcards.repository.ts';
import { cardOrdinals, type FlashcardsService } from './flashcards.service.ts';
import type { FlashcardsSourcesRepository } from './flashcards-sources.repository.ts';

export const DEFAULT_MISTAKES_DECK = 'My mistakes';
export const DEFAULT_NOTES_DECK = 'From my notes';

type Target = { deck_id?: string; deck_name?: string };
type Sourced = {
  front: string;
  back: string;
  kind: FlashcardSourceKind;
  key: string | null;
  lessonId: string | null;
  courseId: string | null;
};

const clip = (text: string) => text.slice(0, FLASHCARD_TEXT_MAX);

/** A SCORM response pattern read aloud: `a[,]b` is a list, `a[.]b` a pair, `1[:]5` a range. */
export const readablePattern = (pattern: string) =>
  pattern.replaceAll('[,]', ', ').replaceAll('[.]', ' → ').replaceAll('[:]', '–').trim();

type MistakeFound = Omit<Mistake, 'carded'>;
type QuizAttempt = Awaited<ReturnType<FlashcardsSourcesRepository['quizAttempts']>>[number];
type ScormInteraction = Awaited<ReturnType<FlashcardsSourcesRepository['scormWrongInteractions']>>[number];

/** The quiz questions of one attempt answered wrong and not found yet, keyed by lesson and question. */
function addQuizMistakes(found: Map<string, MistakeFound>, attempt: QuizAttempt) {
  if (attempt.content.kind !== 'quiz') return;
  const questions = new Map(attempt.content.questions.map((question) => [question.id, question]));
  for (const answer of attempt.results) {
    const key = quizMistakeKey(attempt.lessonId, answer.question_id);
    const question = questions.get(answer.question_id);
    if (answer.correct || !question || found.has(key)) continue;
    const texts = (ids: string[]) =>
      question.choices
        .filter((choice) => ids.includes(choice.id))
        .map((choice) => choice.text)
        .join('; ');
    found.set(key, {
      key,
      kind: 'quiz',
      question: question.prompt,
      correct_answer: texts(question.choices.filter((choice) => choice.correct).map((choice) => choice.id)),
      learner_answer: texts(answer.selected_choice_ids),
      lesson_id: attempt.lessonId,
      lesson_title: attempt.lessonTitle,
      course_id: attempt.courseId,
    });
  }
}

/** A SCORM interaction answered wrong, unless found already or without a correct response to learn. */
function addScormMistake(found: Map<string, MistakeFound>, row: ScormInteraction) {
  const key = scormMistakeKey(row.packageId, row.interactionId);
  const correct = readablePattern(row.correctResponse ?? '');
  if (found.has(key) || !correct) return;
  found.set(key, {
    key,
    kind: 'scorm',
    question: row.description?.trim() || row.interactionId,
    correct_answer: correct,
    learner_answer: readablePattern(row.learnerResponse ?? ''),
    lesson_id: row.lessonId,
    lesson_title: row.lessonTitle,
    course_id: row.courseId,
  });
}

/** Every quiz question and SCORM interaction the learner got wrong, newest first, once each. */
async function collectMistakes(
  sourcesRepository: FlashcardsSourcesRepository,
  userId: string,
): Promise<MistakeFound[]> {
  const found = new Map<string, MistakeFound>();
  for (const attempt of await sourcesRepository.quizAttempts(userId)) addQuizMistakes(found, attempt);
  for (const row of await sourcesRepository.scormWrongInteractions(userId)) addScormMistake(found, row);
  return [...found.values()];
}

/** Adds the card unless one from the same source exists; the note, and whether it is new. */
async function addSourced(
  {
    repository,
    sourcesRepository,
  }: { repository: FlashcardsRepository; sourcesRepository: FlashcardsSourcesRepository },
  { userId, deckId, sourced }: { userId: string; deckId: string; sourced: Sourced },
) {
  const inserted = await repository.transaction(async (tx) => {
    const note = await sourcesRepository.insertSourcedNote(tx, {
      userId,
      deckId,
      front: clip(sourced.front),
      back: clip(sourced.back),
      tags: [],
      sourceKind: sourced.kind,
      sourceKey: sourced.key,
      lessonId: sourced.lessonId,
      sourceCourseId: sourced.courseId,
    });
    if (note) await repository.syncCards(tx, note, cardOrdinals(note.front), new Date());
    return note;
  });
  return inserted;
}

/** A note of several lines asks its first line and answers with the rest; one line is recalled from its lesson. */
function noteSides(body: string, lessonTitle: string | null) {
  const [first = '', ...rest] = body.trim().split('\n');
  const twoSided = rest.join('\n').trim().length > 0;
  return {
    front: twoSided ? first : (lessonTitle ?? first),
    back: twoSided ? rest.join('\n').trim() : body.trim(),
  };
}

type SourcesDeps = {
  repository: FlashcardsRepository;
  sourcesRepository: FlashcardsSourcesRepository;
  flashcardsService: FlashcardsService;
};

/** The decks one-click cards land in, and what answers a one-click card. */
function createSourceDecks({ repository, sourcesRepository, flashcardsService }: SourcesDeps) {
  const deckOf = async (userId: string, deckId: string): Promise<Deck> => {
    const deck = (await flashcardsService.listDecks(userId)).find(
      (listed) => listed.id === deckId && !listed.read_only,
    );
    if (!deck) throw new AppError('not_found', 'Deck not found.');
    return deck;
  };

  /** The chosen deck of the learner's, else their deck with this name, made when missing. */
  const targetDeck = async (userId: string, target: Target, fallbackName: string) => {
    if (target.deck_id) return (await deckOf(userId, target.deck_id)).id;
    const name = target.deck_name ?? fallbackName;
    const existing = await sourcesRepository.findDeckByName(userId, name);
    return existing ? existing.id : (await flashcardsService.createDeck(userId, name)).id;
  };

  const presented = async (userId: string, noteId: string): Promise<FlashcardNote> => {
    const note = await repository.findNote(userId, noteId);
    if (!note) throw new AppError('not_found', 'Card not found.');
    return presentNote(note);
  };

  const result = async (userId: string, noteId: string, deckId: string, created: boolean): Promise<OneClickResult> => ({
    note: await presented(userId, noteId),
    deck: await deckOf(userId, deckId),
    created,
  });

  return { deckOf, targetDeck, result };
}

type SourceDecks = ReturnType<typeof createSourceDecks>;

/** Cards from the learner's notes and from lesson passages. */
function createTextCards(
  deps: SourcesDeps & { decks: SourceDecks; checkLessonAccess: FlashcardsSourcesDeps['checkLessonAccess'] },
) {
  const { sourcesRepository, decks, checkLessonAccess } = deps;
  return {
    async fromNote(userId: string, body: FromNoteBody): Promise<OneClickResult> {
      const found = await sourcesRepository.findOwnNote(userId, body.note_id);
      if (!found) throw new AppError('not_found', 'Note not found.');
      const key = `note:${found.note.id}`;
      const earlier = await sourcesRepository.findNoteBySource(userId, key);
      if (earlier) return decks.result(userId, earlier.id, earlier.deckId, false);
      const deckId = await decks.targetDeck(userId, body, DEFAULT_NOTES_DECK);
      const note = await addSourced(deps, {
        userId,
        deckId,
        sourced: {
          ...noteSides(found.note.body, found.lessonTitle),
          kind: 'note',
          key,
          lessonId: found.note.lessonId,
          courseId: found.note.courseId,
        },
      });
      const made = note ?? (await sourcesRepository.findNoteBySource(userId, key));
      if (!made) throw new AppError('conflict', 'The card could not be made; try again.');
      return decks.result(userId, made.id, made.deckId, Boolean(note));
    },

    async fromPassage(viewer: { userId: string; role: Role }, body: FromPassageBody): Promise<OneClickResult> {
      const { userId } = viewer;
      const lesson = await checkLessonAccess(viewer, body.lesson_id);
      const deckId = await decks.targetDeck(userId, body, DEFAULT_NOTES_DECK);
      const sourced: Sourced = {
        front: body.front ?? `What does "${lesson.title}" say here?`,
        back: body.passage.trim(),
        kind: 'passage',
        key: null,
        lessonId: body.lesson_id,
        courseId: lesson.courseId,
      };
      const note = await addSourced(deps, { userId, deckId, sourced });
      if (!note) throw new AppError('conflict', 'The card could not be made; try again.');
      return decks.result(userId, note.id, deckId, true);
    },
  };
}

/** Cards from the learner's wrong quiz answers and SCORM interactions. */
function createMistakeCards(deps: SourcesDeps & { decks: SourceDecks }) {
  const { sourcesRepository, decks } = deps;
  return {
    async mistakes(userId: string): Promise<Mistake[]> {
      const mistakes = await collectMistakes(sourcesRepository, userId);
      const carded = await sourcesRepository.cardedKeys(
        userId,
        mistakes.map((mistake) => mistake.key),
      );
      return mistakes.map((mistake) => ({ ...mistake, carded: carded.has(mistake.key) }));
    },

    /** Cards the chosen mistakes (all when none are named) that are not carded yet: doing it twice adds nothing. */
    async cardMistakes(userId: string, body: MistakeCardsBody): Promise<MistakeCardsResult> {
      const all = await collectMistakes(sourcesRepository, userId);
      const chosen = body.keys ? all.filter((mistake) => body.keys?.includes(mistake.key)) : all;
      if (body.keys && chosen.length < new Set(body.keys).size) throw new AppError('not_found', 'Mistake not found.');
      const deckId = await decks.targetDeck(userId, body, DEFAULT_MISTAKES_DECK);
      let created = 0;
      for (const mistake of chosen) {
        const sourced: Sourced = {
          front: mistake.question,
          back: mistake.correct_answer,
          kind: mistake.kind,
          key: mistake.key,
          lessonId: mistake.lesson_id,
          courseId: mistake.course_id,
        };
        const note = await addSourced(deps, { userId, deckId, sourced });
        if (note) created += 1;
      }
      return { created, skipped: chosen.length - created, deck: await decks.deckOf(userId, deckId) };
    },
  };
}

type FlashcardsSourcesDeps = SourcesDeps & {
  /** The lesson when the learner may open it; throws as opening it would otherwise. */
  checkLessonAccess: (
    viewer: { userId: string; role: Role },
    lessonId: string,
  ) => Promise<{ courseId: string; title: string }>;
};

/** One-click cards: from a note, a lesson passage, and the learner's wrong quiz answers and SCORM interactions. */
export function createFlashcardsSourcesService(deps: FlashcardsSourcesDeps) {
  const decks = createSourceDecks(deps);
  return {
    /** The learner's own deck with this name, made when missing (cards others make for them land there). */
    deckNamed: (userId: string, name: string) => decks.targetDeck(userId, {}, name),
    ...createTextCards({ ...deps, decks }),
    ...createMistakeCards({ ...deps, decks }),
  };
}
export type FlashcardsSourcesService = ReturnType<typeof createFlashcardsSourcesService>;
