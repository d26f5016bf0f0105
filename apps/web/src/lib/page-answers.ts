import { PAGE_ANSWERS_ELEMENT_ID, PAGE_ANSWERS_FRESH_MS, type PageAnswer } from '@portal/shared/page-answers';

let answers: Map<string, unknown> | undefined;
// Answers handed over by the server's render of the page (see prerender.tsx) are used however long it takes.
let handedOver = false;

/** How a render on the server asks the API for a request the page's answers do not hold (null: it could not). */
export type ServerAsk = (path: string) => Promise<PageAnswer | null>;
let serverAsk: ServerAsk | null = null;

/** The answer to a GET of `path` from the server rendering the page; null in the browser. */
export const askServer = (path: string): Promise<PageAnswer | null> | null => serverAsk?.(path) ?? null;

/** Hands the page's answers to the API client of a render on the server, in place of those read from the document. */
export function handOverPageAnswers(given: Record<string, unknown> | null, ask: ServerAsk | null = null): void {
  answers = given ? new Map(Object.entries(given)) : undefined;
  handedOver = given !== null;
  serverAsk = ask;
}

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
  return (handedOver || performance.now() <= PAGE_ANSWERS_FRESH_MS) && isPageAnswer(answer) ? answer : null;
}
