const KEY = 'portal.scorm.tab';

/**
 * This browser tab's id. Session storage belongs to one tab and survives its reloads, so a reloaded page is known as
 * the same tab as the page before it.
 */
export function tabId(): string {
  try {
    const existing = sessionStorage.getItem(KEY);
    if (existing) return existing;
  } catch {
    // Storage can be switched off; the id then lasts as long as the page.
  }
  const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
  try {
    sessionStorage.setItem(KEY, id);
  } catch {
    // As above.
  }
  return id;
}
