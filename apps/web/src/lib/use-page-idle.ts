import { useEffect, useState } from 'react';

/** Longest wait for an idle moment; a busy page still gets its deferred work after this. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * True once the page has loaded and the browser had an idle moment: for work that must not compete with the first
 * screen (connecting the realtime channel, code only needed later).
 */
export function usePageIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancelIdle = () => {};
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
        cancelIdle = () => window.cancelIdleCallback(handle);
      } else {
        const timer = window.setTimeout(() => setIdle(true), 0);
        cancelIdle = () => window.clearTimeout(timer);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancelIdle();
    };
  }, []);
  return idle;
}
