import type { CoachMessage, Conversation } from '@portal/shared/coach';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { courseProgress, quizAttempts } from '../progress/progress.table.ts';
import { choiceQuestion, insertCoachCourse, parseSse } from './coach.testing.ts';

describe.each(testTargets())('AI study coach finds the subject of natural questions on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let skills: { courseId: string; lessonIds: string[] };
  let lernen: { courseId: string; lessonIds: string[] };
  let chinese: { courseId: string; lessonIds: string[] };

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    skills = await insertCoachCourse(database.db, {
      title: 'Study skills that stick',
      lessonSeeds: [
        { title: 'Why we forget', markdown: 'Most of what we learn fades quickly at first: the forgetting curve.' },
        { title: 'Retrieval practice', markdown: 'Recall what you learned without looking, then check.' },
        {
          title: 'Check: memory basics',
          questions: [
            choiceQuestion('What does the forgetting curve describe?', 'Memory fades fast at first, then slowly', [
              'Memory never fades',
              'We forget only what we did not understand',
            ]),
          ],
        },
        { title: 'Build a weekly plan', markdown: 'A plan you keep beats a perfect plan you drop.' },
      ],
    });
    lernen = await insertCoachCourse(database.db, {
      title: 'Lernstrategien, die bleiben',
      lessonSeeds: [
        { title: 'Abrufen üben', markdown: 'Schreibe auf, was du weißt, bevor du nachschaust.' },
        {
          title: 'Test: Gedächtnis',
          questions: [
            choiceQuestion('Was beschreibt die Vergessenskurve?', 'Schnelles Vergessen am Anfang', ['Nichts']),
          ],
        },
      ],
    });
    chinese = await insertCoachCourse(database.db, {
      title: '高效学习方法',
      lessonSeeds: [
        { title: '为什么会遗忘', markdown: '刚学过的内容很快就会被遗忘。' },
        { title: '小测：记忆', questions: [choiceQuestion('遗忘曲线描述的是什么？', '开始时遗忘很快', ['从不遗忘'])] },
      ],
    });
  });
  afterAll(async () => {
    await close();
  });

  const ask = async (user: SignedIn, content: string, language = 'en') => {
    const conversation = (
      await app.inject({
        method: 'POST',
        url: '/api/coach/conversations',
        headers: { cookie: user.cookie },
        payload: {},
      })
    ).json<{ conversation: Conversation }>().conversation;
    const response = await app.inject({
      method: 'POST',
      url: `/api/coach/conversations/${conversation.id}/messages`,
      headers: { cookie: user.cookie },
      payload: { content, language },
    });
    expect(response.statusCode).toBe(200);
    const done = parseSse(response.body).find((event) => event.event === 'done');
    if (!done) throw new Error(`no answer: ${response.body}`);
    return done.data.message as CoachMessage;
  };
  const cites = (message: CoachMessage, course: { courseId: string; lessonIds: string[] }, index: number) =>
    message.citations.some((citation) => citation.lesson_id === course.lessonIds[index]);

  it.each([
    'Quiz me on study skills',
    'Test me on study skills, please',
    'Can you ask me some questions about study skills?',
    'quiz me about the study skills course',
  ])('"%s" asks the quiz of the course whose title names the subject', async (phrase) => {
    const learner = await signUpSubscribed(app, 'me');
    const question = await ask(learner, phrase);
    expect(question.content).toContain('Question from “Check: memory basics” (Study skills that stick):');
    expect(question.content).toContain('What does the forgetting curve describe?');
    expect(cites(question, skills, 2)).toBe(true);
  });

  it('"Frag mich zu Lernstrategien" and "考考我学习方法" find the German and Chinese course quizzes', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const german = await ask(learner, 'Frag mich zu Lernstrategien', 'de');
    expect(german.content).toContain('Was beschreibt die Vergessenskurve?');
    expect(cites(german, lernen, 1)).toBe(true);
    const zh = await ask(learner, '考考我学习方法', 'zh');
    expect(zh.content).toContain('遗忘曲线描述的是什么？');
    expect(cites(zh, chinese, 1)).toBe(true);
  });

  it('a subject found only by some of its words or by a word start still gets a question', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const partial = await ask(learner, 'Quiz me on memory and sleep');
    expect(partial.content).toContain('What does the forgetting curve describe?');
    const explained = await ask(learner, 'Explain retri');
    expect(explained.content).toContain('From “Retrieval practice” in your course Study skills that stick:');
  });

  it('"quiz me" with no subject asks from the learner’s current course, or first from their weakest lesson', async () => {
    const learner = await signUpSubscribed(app, 'me');
    await database.db
      .insert(courseProgress)
      .values({ userId: learner.userId, courseId: skills.courseId, percent: 25, lessonsTotal: 4 });
    const current = await ask(learner, 'Quiz me');
    expect(current.content).toContain('Question from “Check: memory basics” (Study skills that stick):');

    await database.db.insert(quizAttempts).values({
      userId: learner.userId,
      lessonId: lernen.lessonIds[1] ?? '',
      courseId: lernen.courseId,
      score: 0,
      passed: false,
      passMark: 70,
      results: [],
    });
    const weakest = await ask(learner, 'Give me a question');
    expect(weakest.content).toContain('Was beschreibt die Vergessenskurve?');
  });

  it.each([
    ['en', "What's next?"],
    ['en', 'what now'],
    ['de', 'Was soll ich als Nächstes lernen?'],
    ['de', 'Was steht als Nächstes an?'],
    ['zh', '我现在该学什么？'],
    ['zh', '下一步呢？'],
  ])('"%s: %s" is answered with what to study now', async (language, phrase) => {
    const learner = await signUpSubscribed(app, 'me');
    await database.db
      .insert(courseProgress)
      .values({ userId: learner.userId, courseId: skills.courseId, percent: 25, lessonsTotal: 4 });
    const next = await ask(learner, phrase, language);
    const expected = {
      en: ['Here is what I would study now:', 'Continue Study skills that stick (25% done) with “Why we forget”.'],
      de: [
        'Das würde ich jetzt lernen:',
        'Machen Sie weiter mit Study skills that stick (25 % geschafft): „Why we forget“.',
      ],
      zh: ['我建议您现在学习这些：', '继续学习 Study skills that stick（已完成 25%）：“Why we forget”。'],
    }[language as 'en' | 'de' | 'zh'];
    for (const text of expected) expect(next.content).toContain(text);
    expect(cites(next, skills, 0)).toBe(true);
  });
});
