const KEY = 'portal.scorm.tab';

let current: string | null = null;

/**
 * This browser tab's id. Session storage belongs to one tab and survives its reloads, so a reloaded page is known as
 * the same tab as the page before it.
 */
export function tabId(): string {
  if (current) return current;
  try {
    current = sessionStorage.getItem(KEY);
  } catch {
    // Storage can be switched off; the id then lasts as long as the page.
  }
  if (!current) {
    current = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join(
      '',
    );
    try {
      sessionStorage.setItem(KEY, current);
    } catch {
      // As above.
    }
  }
  return current;
}
