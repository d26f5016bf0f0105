import { type Citation, type CoachIntent, type CoachLanguage, lessonHref } from '@portal/shared/coach';
import { localDatesBetween, todayIn } from '@portal/shared/time-zone';
import type { CoachProvider, CoachReplyMeta, CoachTurn } from './coach.provider.ts';
import type { PendingQuiz } from './coach.table.ts';
import type { WeakLesson } from './coach-context.repository.ts';
import { detectIntent } from './coach-intents.ts';
import { askQuiz, buildQuiz, excerpt, gradeAnswer } from './coach-quiz.ts';
import { coachText } from './coach-texts.ts';

type LessonRef = { lessonId: string; courseId: string; lessonTitle: string; courseTitle: string };
type Answer = { text: string; lessons: LessonRef[]; quiz?: PendingQuiz | null };

const LOCALES: Record<CoachLanguage, string> = { en: 'en-GB', de: 'de-DE', zh: 'zh-CN' };
const SECONDS_PER_CARD = 8;
const DEFAULT_WEEKLY_MINUTES = 150;

export const citationOf = (lesson: LessonRef): Citation => ({
  lesson_id: lesson.lessonId,
  course_id: lesson.courseId,
  lesson_title: lesson.lessonTitle,
  course_title: lesson.courseTitle,
  url: lessonHref(lesson.courseId, lesson.lessonId),
});

const bullets = (lines: string[]) => lines.map((line) => `- ${line}`).join('\n');

/** The intent of a turn: what the message asks, or the answer to the coach's last question. */
export function intentOf(turn: CoachTurn): CoachIntent {
  const asked = detectIntent(turn.message);
  if (turn.pendingQuiz && (asked === null || asked === 'explain')) return 'answer';
  if (asked) return asked;
  return turn.passages.length && turn.topic.length ? 'explain' : 'help';
}

/** The learner's next live sessions, each with its start in their own time zone and language. */
function liveLines(turn: CoachTurn): string[] {
  const { learner, language } = turn;
  const format = new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: learner.timeZone,
  });
  return learner.liveSessions.map((session) =>
    coachText(language, 'liveSoon', { title: session.title, when: format.format(session.startsAt) }),
  );
}

/** A weak quiz names its best score against the pass mark; a weak SCORM lesson its failed interactions. */
function weakLessonLine(language: CoachLanguage, weak: WeakLesson): string {
  return weak.score !== null
    ? coachText(language, 'weakQuiz', {
        lesson: weak.lessonTitle,
        course: weak.courseTitle,
        score: weak.score,
        passMark: weak.passMark ?? 0,
      })
    : coachText(language, 'weakScorm', {
        lesson: weak.lessonTitle,
        course: weak.courseTitle,
        failed: weak.failedInteractions,
      });
}

function streakLines({ learner, language }: CoachTurn): string[] {
  if (learner.streak.todayDone) return [];
  return [
    learner.streak.current > 0
      ? coachText(language, 'streakKeep', { streak: learner.streak.current })
      : coachText(language, 'streakStart'),
  ];
}

function studyNow(turn: CoachTurn): Answer {
  const { learner, language } = turn;
  const lines: string[] = [];
  const lessons: LessonRef[] = [];
  if (learner.cards.due > 0) {
    const minutes = Math.max(1, Math.round((learner.cards.due * SECONDS_PER_CARD) / 60));
    lines.push(coachText(language, 'dueCards', { due: learner.cards.due, minutes }));
  }
  for (const weak of learner.weakLessons.slice(0, 2)) {
    lessons.push(weak);
    lines.push(weakLessonLine(language, weak));
  }
  const course = learner.inProgress.find((candidate) => candidate.next);
  if (course?.next) {
    lessons.push({ ...course.next, courseId: course.courseId, courseTitle: course.courseTitle });
    lines.push(
      coachText(language, 'nextLesson', {
        course: course.courseTitle,
        percent: course.percent,
        lesson: course.next.lessonTitle,
      }),
    );
  }
  lines.push(...liveLines(turn).slice(0, 1));
  const risky = learner.goals.find((goal) => goal.atRisk);
  if (risky) lines.push(coachText(language, 'goalAtRisk', { title: risky.title, percent: risky.percent }));
  if (learner.cards.due === 0 && learner.cards.fresh > 0) {
    lines.push(coachText(language, 'newCards', { fresh: learner.cards.fresh }));
  }
  if (lines.length === 0) return { text: coachText(language, 'nothingDue'), lessons };
  return {
    text: [coachText(language, 'studyNowIntro'), bullets(lines), ...streakLines(turn)].join('\n\n'),
    lessons,
  };
}

function explain(turn: CoachTurn): Answer {
  const { language, passages, topic } = turn;
  const [best, ...others] = passages;
  if (!topic.length) {
    return { text: coachText(language, 'explainAsk', { example: passages[0]?.lessonTitle ?? '…' }), lessons: [] };
  }
  if (!best && turn.cards.length) {
    const cards = turn.cards.slice(0, 3).map((card) => `${card.front} — ${card.back}`);
    return { text: [coachText(language, 'explainCards'), bullets(cards)].join('\n\n'), lessons: [] };
  }
  if (!best) return { text: coachText(language, 'explainNone', { topic: topic.join(' ') }), lessons: [] };
  const body = best.text
    ? excerpt(best.text, topic)
    : best.questions.map((question) => `> ${question.prompt}`).join('\n');
  const more = others.slice(0, 2);
  const parts = [coachText(language, 'explainIntro', { lesson: best.lessonTitle, course: best.courseTitle }), body];
  if (more.length) {
    parts.push(coachText(language, 'explainMore', { lessons: more.map((hit) => `“${hit.lessonTitle}”`).join(', ') }));
  }
  return { text: parts.join('\n\n'), lessons: [best, ...more] };
}

function quiz(turn: CoachTurn): Answer {
  const { language, topic } = turn;
  const question = buildQuiz(turn.passages, turn.courseQuizzes, turn.cards, topic);
  if (!question) {
    const text = topic.length
      ? coachText(language, 'quizNone', { topic: topic.join(' ') })
      : coachText(language, 'quizNoneAny');
    return { text, lessons: [] };
  }
  const source = question.lesson;
  const heading = source
    ? coachText(language, 'quizFromLesson', { lesson: source.lessonTitle, course: source.courseTitle })
    : coachText(language, 'quizFromCard');
  return { text: askQuiz(question, language, heading), lessons: source ? [source] : [], quiz: question };
}

function answer(turn: CoachTurn): Answer {
  const { language, pendingQuiz } = turn;
  if (!pendingQuiz) return help(turn);
  const right = gradeAnswer(pendingQuiz, turn.message);
  const verdict = coachText(language, right ? 'answerRight' : 'answerWrong', { answer: pendingQuiz.answer });
  const feedback = right ? pendingQuiz.feedback : pendingQuiz.feedbackWrong;
  const parts = [verdict, feedback, coachText(language, 'answerAgainAny')].filter(Boolean);
  return { text: parts.join('\n\n'), lessons: pendingQuiz.lesson ? [pendingQuiz.lesson] : [] };
}

function progress(turn: CoachTurn): Answer {
  const { learner, language } = turn;
  const lines = [
    coachText(language, 'progressXp', { level: learner.xp.level, xp: learner.xp.total }),
    coachText(language, 'progressStreak', { streak: learner.streak.current, longest: learner.streak.longest }),
    coachText(language, 'progressTime', { week: learner.studyMinutes.week, today: learner.studyMinutes.today }),
  ];
  if (learner.goals.length) {
    const average = Math.round(learner.goals.reduce((sum, goal) => sum + goal.percent, 0) / learner.goals.length);
    const each = learner.goals.slice(0, 5).map((goal) => {
      const risk = goal.atRisk ? coachText(language, 'atRisk') : '';
      return coachText(language, 'progressGoal', { title: goal.title, percent: goal.percent, risk });
    });
    lines.push(`${coachText(language, 'progressGoals', { active: learner.goals.length, average })} ${each.join('; ')}`);
  } else {
    lines.push(coachText(language, 'progressNoGoals'));
  }
  const { cards } = learner;
  lines.push(
    cards.retention === null
      ? coachText(language, 'progressCardsNoRetention', { due: cards.due, total: cards.total })
      : coachText(language, 'progressCards', { due: cards.due, total: cards.total, retention: cards.retention }),
  );
  for (const course of learner.inProgress) {
    lines.push(coachText(language, 'progressCourse', { course: course.courseTitle, percent: course.percent }));
  }
  const lessons: LessonRef[] = [...learner.weakLessons.slice(0, 3)];
  if (lessons.length) {
    lines.push(coachText(language, 'progressWeak', { lessons: lessons.map((l) => `“${l.lessonTitle}”`).join(', ') }));
  }
  for (const course of learner.inProgress) {
    if (course.next) lessons.push({ ...course.next, courseId: course.courseId, courseTitle: course.courseTitle });
  }
  return { text: [coachText(language, 'progressIntro'), bullets(lines)].join('\n\n'), lessons };
}

function planWeek(turn: CoachTurn): Answer {
  const { learner, language } = turn;
  const weekly = learner.goals.find((goal) => goal.kind === 'study_minutes_weekly' && goal.targetMinutes);
  const target = weekly?.targetMinutes ?? DEFAULT_WEEKLY_MINUTES;
  const done = learner.studyMinutes.week;
  if (done >= target) return { text: coachText(language, 'planDone', { target }), lessons: [] };
  const [year = 1970, month = 1, day = 1] = learner.today.split('-').map(Number);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  const sunday = todayIn('UTC', new Date(Date.UTC(year, month - 1, day + (6 - weekday))));
  const days = localDatesBetween(learner.today, sunday);
  const minutes = Math.ceil((target - done) / days.length);
  const lessons: LessonRef[] = [];
  const focus: string[] = [];
  for (const weak of learner.weakLessons.slice(0, 3)) {
    lessons.push(weak);
    focus.push(coachText(language, 'planLesson', { lesson: weak.lessonTitle }));
  }
  for (const course of learner.inProgress) {
    if (!course.next) continue;
    lessons.push({ ...course.next, courseId: course.courseId, courseTitle: course.courseTitle });
    focus.push(coachText(language, 'planNext', { lesson: course.next.lessonTitle, course: course.courseTitle }));
  }
  for (const goal of learner.goals.filter((candidate) => candidate.atRisk)) {
    focus.push(coachText(language, 'planGoal', { title: goal.title }));
  }
  const format = new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const lines = days.map((date, index) => {
    const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
    const tasks = [
      ...(learner.cards.total > 0 ? [coachText(language, 'planCards')] : []),
      focus.length ? (focus[index % focus.length] ?? '') : coachText(language, 'planRest'),
    ];
    const label = `${format.format(new Date(Date.UTC(y, m - 1, d, 12)))} · ${minutes} min`;
    return coachText(language, 'planDay', { day: label, tasks: tasks.join(', ') });
  });
  const live = liveLines(turn);
  return {
    text: [
      coachText(language, 'planIntro', { minutes, target, done }),
      bullets(lines),
      ...(live.length ? [bullets(live)] : []),
    ].join('\n\n'),
    lessons,
  };
}

function help(turn: CoachTurn): Answer {
  return { text: coachText(turn.language, 'help'), lessons: [] };
}

const ANSWERS: Record<CoachIntent, (turn: CoachTurn) => Answer> = {
  study_now: studyNow,
  explain,
  quiz,
  answer,
  progress,
  plan_week: planWeek,
  help,
};

/** The built-in coach: no model, templates filled with the learner's own data and quoted course content. */
export function createGroundedProvider(): CoachProvider {
  return {
    name: 'grounded',
    async *reply(turn, signal): AsyncGenerator<string, CoachReplyMeta> {
      const result = ANSWERS[intentOf(turn)](turn);
      const seen = new Set<string>();
      const citations = result.lessons
        .filter((lesson) => !seen.has(lesson.lessonId) && seen.add(lesson.lessonId))
        .map(citationOf);
      const pieces = result.text.split(/(?<=\s)/u);
      for (const [index, piece] of pieces.entries()) {
        if (signal.aborted) break;
        yield piece;
        // Lets a Stop arrive between words.
        if (index % 8 === 7) await new Promise((resolve) => setImmediate(resolve));
      }
      return { citations, proposals: [], quiz: result.quiz ?? null };
    },
  };
}
