import type { CoachLanguage } from '@portal/shared/coach';
import { parseClozes, renderCloze } from '@portal/shared/flashcards';
import type { PendingQuiz } from './coach.table.ts';
import type { LessonHit } from './coach-context.repository.ts';
import { coachText } from './coach-texts.ts';

const LABELS = 'ABCDEFGH';
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const mentions = (text: string, terms: string[]) => terms.some((term) => text.toLowerCase().includes(term));

type Lesson = Pick<LessonHit, 'lessonId' | 'courseId' | 'lessonTitle' | 'courseTitle' | 'questions'>;

const questionsOf = (lessons: Lesson[]) =>
  lessons.flatMap((lesson) =>
    lesson.questions.filter((question) => question.choices.length > 1).map((question) => ({ lesson, question })),
  );

type LessonQuestion = ReturnType<typeof questionsOf>[number];

function quizOfQuestion({ lesson, question }: LessonQuestion): PendingQuiz {
  const choices = question.choices.slice(0, LABELS.length).map((choice, index) => ({
    label: LABELS.charAt(index),
    text: choice.text,
    correct: choice.correct,
  }));
  return {
    question: question.prompt,
    choices: choices.map(({ label, text }) => ({ label, text })),
    correct: choices.filter((choice) => choice.correct).map((choice) => choice.label),
    answer: choices
      .filter((choice) => choice.correct)
      .map((choice) => `${choice.label}) ${choice.text}`)
      .join(', '),
    feedback: question.feedback_correct,
    feedbackWrong: question.feedback_incorrect,
    lesson: {
      lessonId: lesson.lessonId,
      courseId: lesson.courseId,
      lessonTitle: lesson.lessonTitle,
      courseTitle: lesson.courseTitle,
    },
  };
}

/** A card asks its first cloze when it has one, else its front, with the back as the answer. */
function quizOfCard(card: { front: string; back: string }): PendingQuiz {
  const clozes = parseClozes(card.front);
  const first = clozes[0];
  const question = first ? renderCloze(card.front, first.number).prompt : card.front;
  const answer = first
    ? clozes
        .filter((cloze) => cloze.number === first.number)
        .map((cloze) => cloze.answer)
        .join(', ')
    : card.back;
  return { question, choices: [], correct: [], answer, feedback: '', feedbackWrong: '', lesson: null };
}

/**
 * A question about the subject: one that names it, else one from the lessons found; then the learner's cards about
 * it before the other quizzes of the same courses. Without a subject, the courses' quizzes come before the cards.
 */
export function buildQuiz(
  passages: Lesson[],
  courseQuizzes: Lesson[],
  cards: { front: string; back: string }[],
  topic: string[],
): PendingQuiz | null {
  const found = questionsOf(passages);
  const wider = questionsOf(courseQuizzes.filter((lesson) => !passages.some((p) => p.lessonId === lesson.lessonId)));
  const naming = topic.length ? [...found, ...wider].filter(({ question }) => mentions(question.prompt, topic)) : [];
  const chosen = pick(naming) ?? pick(found) ?? (topic.length && cards.length ? undefined : pick(wider));
  if (chosen) return quizOfQuestion(chosen);
  const card = pick(cards);
  return card ? quizOfCard(card) : null;
}

export function askQuiz(quiz: PendingQuiz, language: CoachLanguage, heading: string): string {
  const lines = [heading, '', quiz.question];
  if (quiz.choices.length) {
    lines.push(
      '',
      ...quiz.choices.map((choice) => `${choice.label}) ${choice.text}`),
      '',
      coachText(language, 'quizChoices'),
    );
  } else {
    lines.push('', coachText(language, 'quizCard'));
  }
  return lines.join('\n');
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[*_`#>[\](){}.,;:!?"'“”„«»。，！？：；]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();

/** Whether a reply answers the question: the right letters for a quiz question, the card's answer for a card. */
export function gradeAnswer(quiz: PendingQuiz, reply: string): boolean {
  if (quiz.choices.length) {
    const text = reply.trim();
    const letters = new Set(
      (text.toUpperCase().match(/\b[A-H]\b/gu) ?? []).filter((label) => quiz.choices.some((c) => c.label === label)),
    );
    for (const number of text.match(/\b[1-8]\b/gu) ?? []) {
      const choice = quiz.choices[Number(number) - 1];
      if (choice) letters.add(choice.label);
    }
    if (letters.size === 0) {
      for (const choice of quiz.choices)
        if (normalize(text).includes(normalize(choice.text))) letters.add(choice.label);
    }
    return letters.size === quiz.correct.length && quiz.correct.every((label) => letters.has(label));
  }
  const given = normalize(reply);
  const expected = normalize(quiz.answer);
  if (!given || !expected) return false;
  if (given.includes(expected)) return true;
  const words = expected.split(' ').filter((word) => word.length > 2);
  if (words.length === 0) return given === expected;
  const hits = words.filter((word) => given.includes(word)).length;
  return hits / words.length >= 0.6;
}

/** The paragraphs of a lesson that speak most about the terms, within `max` characters, quoted. */
export function excerpt(markdown: string, terms: string[], max = 600): string {
  const paragraphs = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/gu, '')
    .replace(/<[^>]+>/gu, '')
    .split(/\n\s*\n/u)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const score = (paragraph: string) =>
    terms.reduce((sum, term) => sum + (paragraph.toLowerCase().split(term).length - 1), 0);
  const ranked = paragraphs
    .map((paragraph, index) => ({ paragraph, index, score: score(paragraph) }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: typeof ranked = [];
  let length = 0;
  for (const entry of ranked) {
    if (length > 0 && (length + entry.paragraph.length > max || entry.score === 0)) break;
    chosen.push(entry);
    length += entry.paragraph.length;
  }
  const text = chosen
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.paragraph)
    .join('\n\n');
  const clipped = text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
  return clipped
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}
