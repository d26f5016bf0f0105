import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { startTestApp, type TestTarget } from '../../testing/test-app.ts';
import {
  authoring,
  createPerson,
  makePdf,
  type Person,
  QUIZ_CONTENT,
  recordDomainEvents,
} from '../courses/courses.testing.ts';
import { lessonProgress } from './progress.table.ts';

export type Outline = {
  course: { accessible: boolean };
  progress: { status: string; percent: number; lessons_completed: number };
  modules: {
    id: string;
    locked: boolean;
    completed: boolean;
    lessons: { id: string; kind: string; progress: { status: string } }[];
  }[];
  resume: { lesson_id: string; reason: string; position: number | null } | null;
};

type Author = ReturnType<typeof authoring>;

/** A published course: module 1 (text, quiz), module 2 needing module 1 (PDF of 3 pages, 20 s video by URL). */
async function publishJourneyCourseBy(author: Author, title: string, requiredTier: string) {
  const course = await author.createCourse({
    title,
    required_tier: requiredTier,
    description: 'A course to finish.',
  });
  const first = await author.createModule(course.id, { title: 'Foundations' });
  const second = await author.createModule(course.id, { title: 'Practice', prerequisite_module_id: first.id });
  const text = await author.createLesson(first.id, {
    title: 'Why tests work',
    content: { kind: 'text', markdown: '# Read me' },
  });
  const quiz = await author.createLesson(first.id, { title: 'Check yourself', content: QUIZ_CONTENT });
  const pdf = await author.createLesson(second.id, { title: 'Handout', content: { kind: 'pdf' } });
  await author.upload(`/api/admin/lessons/${pdf.id}/pdf`, await makePdf(3), 'application/pdf');
  const video = await author.createLesson(second.id, {
    title: 'Watch',
    content: { kind: 'video', source: 'url', url: 'https://videos.example.com/watch.mp4', duration_seconds: 20 },
  });
  await author.publish(course.id);
  return { course, first, second, text, quiz, pdf, video };
}

const rightAnswers = (quizView: {
  content: { questions: { id: string; choices: { id: string; text: string }[] }[] };
}) => {
  const [single, multiple] = quizView.content.questions;
  const pick = (question: typeof single, texts: string[]) => ({
    question_id: question?.id ?? '',
    choice_ids: (question?.choices ?? []).filter((choice) => texts.includes(choice.text)).map((choice) => choice.id),
  });
  return [pick(single, ['Testing yourself']), pick(multiple, ['Flashcards', 'Review calendar'])];
};

/** Moves the learner's clocks for a lesson into the past, as if time had passed. */
async function moveLessonClocksBack(
  database: Database,
  { userId, lessonId, seconds }: { userId: string; lessonId: string; seconds: number },
) {
  await database.db
    .update(lessonProgress)
    .set({
      firstOpenedAt: sql`${lessonProgress.firstOpenedAt} - make_interval(secs => ${seconds})`,
      lastReportAt: sql`${lessonProgress.lastReportAt} - make_interval(secs => ${seconds})`,
    })
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
}

/** An app with an admin author and two learners on the `me` plan, and the calls the progress tests make. */
export async function startProgressSuite(target: TestTarget) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-progress-'));
  const started = await startTestApp(target, { dataDir });
  const { app, database } = started;
  const events = recordDomainEvents(app);
  const [admin, learner, other] = await Promise.all([
    createPerson(app, database.db, { role: 'admin', tier: 'calm' }),
    createPerson(app, database.db, { role: 'learner', tier: 'me' }),
    createPerson(app, database.db, { role: 'learner', tier: 'me' }),
  ]);
  const author = authoring(app, admin);

  const get = (person: Person, url: string) => app.inject({ method: 'GET', url, headers: person.headers });
  const post = (person: Person, url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: person.headers, payload });
  const outline = async (person: Person, courseId: string) =>
    (await get(person, `/api/courses/${courseId}/outline`)).json<Outline>();

  const timePasses = (person: Person, lessonId: string, seconds: number) =>
    moveLessonClocksBack(database, { userId: person.userId, lessonId, seconds });

  const publishJourneyCourse = (title: string, requiredTier = 'calm') =>
    publishJourneyCourseBy(author, title, requiredTier);

  const close = async () => {
    await started.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    app,
    database,
    close,
    admin,
    learner,
    other,
    events,
    author,
    get,
    post,
    outline,
    timePasses,
    publishJourneyCourse,
    rightAnswers,
  };
}
export type ProgressSuite = Awaited<ReturnType<typeof startProgressSuite>>;
