import { PAGE_ANSWERS_ELEMENT_ID, PAGE_ANSWERS_FRESH_MS, type PageAnswer } from '@portal/shared/page-answers';

let answers: Map<string, unknown> | undefined;

/** The answers the server sent with the page (see @portal/shared/page-answers), read once out of the document. */
function pageAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ELEMENT_ID);
  if (!element) return answers;
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    if (typeof parsed === 'object' && parsed !== null) answers = new Map(Object.entries(parsed));
  } catch {
    // A damaged block only means the app asks the server itself.
  }
  return answers;
}

const isPageAnswer = (value: unknown): value is PageAnswer =>
  typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'number';

/**
 * The answer the page came with for a GET of `path`, if the page loaded moments ago: each is used once, by the
 * first request of its path, so refetches and later screens always ask the server.
 */
export function takePageAnswer(path: string): PageAnswer | null {
  const stored = pageAnswers();
  if (!stored.has(path)) return null;
  const answer = stored.get(path);
  stored.delete(path);
  return performance.now() <= PAGE_ANSWERS_FRESH_MS && isPageAnswer(answer) ? answer : null;
}
