import type { Role } from '@portal/shared/roles';
import type { Tier } from '@portal/shared/tiers';
import { PDFDocument } from 'pdf-lib';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { grantRole, signUpAndConfirm } from '../../testing/factories.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
import { createSubscriptionRepository } from '../subscription/subscription.repository.ts';

export type Person = { userId: string; headers: { cookie: string } };

/** A confirmed user with a role and an active plan. */
export async function createPerson(
  app: App,
  db: Db,
  { role, tier }: { role: Role; tier: Tier | null },
): Promise<Person> {
  const { userId, cookie } = await signUpAndConfirm(app);
  if (role !== 'learner') await grantRole(app, userId, role);
  if (tier) {
    await createSubscriptionRepository({ db }).activate(userId, { tier, provider: 'seed' });
    app.forgetPlanOf(userId);
  }
  return { userId, headers: { cookie } };
}

/** Collects every delivered domain event; read after `app.domainEvents.drain()`. */
export function recordDomainEvents(app: App): DomainEvent[] {
  const seen: DomainEvent[] = [];
  app.domainEvents.subscribe(`test-recorder-${Math.random()}`, async (event) => {
    seen.push(event);
  });
  return seen;
}

/** A small valid PDF with `pages` pages. */
export async function makePdf(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let page = 0; page < pages; page += 1) document.addPage([200, 200]);
  return Buffer.from(await document.save());
}

/** A 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Json = Record<string, unknown>;

/** Authoring calls as an admin, each asserting the expected status. */
export function authoring(app: App, admin: Person) {
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: Json,
    expected = 200,
  ) => {
    const response = await app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
    if (response.statusCode !== expected) {
      throw new Error(`${method} ${url} answered ${response.statusCode} (expected ${expected}): ${response.body}`);
    }
    return response.statusCode === 204 ? {} : response.json();
  };
  return {
    call,
    createCourse: (body: Json) => call('POST', '/api/admin/courses', body, 201),
    createModule: (courseId: string, body: Json) => call('POST', `/api/admin/courses/${courseId}/modules`, body, 201),
    createLesson: (moduleId: string, body: Json) => call('POST', `/api/admin/modules/${moduleId}/lessons`, body, 201),
    publish: (courseId: string) => call('POST', `/api/admin/courses/${courseId}/publish`),
    upload: async (url: string, body: Buffer, contentType: string, expected = 200) => {
      const response = await app.inject({
        method: 'PUT',
        url,
        headers: { ...admin.headers, 'content-type': contentType },
        payload: body,
      });
      if (response.statusCode !== expected) {
        throw new Error(`PUT ${url} answered ${response.statusCode} (expected ${expected}): ${response.body}`);
      }
      return response.json();
    },
  };
}

export const QUIZ_CONTENT = {
  kind: 'quiz',
  pass_mark: 60,
  questions: [
    {
      kind: 'single',
      prompt: 'Which habit helps memory most?',
      choices: [
        { text: 'Re-reading notes', correct: false },
        { text: 'Testing yourself', correct: true },
      ],
      feedback_correct: 'Yes: retrieval practice strengthens memory.',
      feedback_incorrect: 'Re-reading feels good but tests work better.',
    },
    {
      kind: 'multiple',
      prompt: 'Which are spaced repetition tools?',
      choices: [
        { text: 'Flashcards', correct: true },
        { text: 'Review calendar', correct: true },
        { text: 'Highlighter', correct: false },
      ],
      feedback_correct: 'Right.',
      feedback_incorrect: 'Flashcards and a review calendar both space your practice.',
    },
  ],
};
