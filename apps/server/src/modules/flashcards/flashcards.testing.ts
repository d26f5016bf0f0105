import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { authoring, createPerson, type Person, QUIZ_CONTENT } from '../courses/courses.testing.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Calls as a person's browser makes them. */
export const caller =
  (app: App) => (person: Person, method: Method, url: string, payload?: Record<string, unknown> | unknown[]) =>
    app.inject({ method, url, headers: person.headers, ...(payload ? { payload: payload as object } : {}) });

/** A published course with a text lesson and a two-question quiz, authored by a fresh admin. */
export async function publishedCourse(app: App, db: Db, title = 'Memory science') {
  const admin = await createPerson(app, db, { role: 'admin', tier: 'me' });
  const author = authoring(app, admin);
  const course = await author.createCourse({ title, description: 'Remember more.' });
  const module = await author.createModule(course.id, { title: 'Basics' });
  const text = await author.createLesson(module.id, {
    title: 'Why tests work',
    content: { kind: 'text', markdown: 'Retrieval practice beats re-reading.' },
  });
  const quiz = await author.createLesson(module.id, { title: 'Check yourself', content: QUIZ_CONTENT });
  await author.publish(course.id);
  return { admin, author, course: course as { id: string; title: string }, text, quiz } as {
    admin: Person;
    author: ReturnType<typeof authoring>;
    course: { id: string; title: string };
    text: { id: string };
    quiz: { id: string };
  };
}
