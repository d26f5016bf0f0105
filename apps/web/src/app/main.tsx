import '@/styles.css';

// Zod's schemas (loaded with later code) would probe whether `new Function` works; the CSP forbids it and the
// browser reports the probe as a violation. Zod reads its settings from this global, so they run without the probe
// (the same as `z.config({ jitless: true })`, without loading zod here).
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

const start = () => void import('./boot');
/**
 * The start of a prerendered page in two tasks, so the page can answer input between them: React first (its own
 * chunk), then the router, queries, translations and the app.
 */
const startInSteps = () =>
  void import('react-dom/client').then(() => new Promise((resolve) => setTimeout(resolve, 0))).then(start);

/**
 * Prerendered HTML (see prerender.tsx) paints before the app's code loads: the code starts once the browser
 * reports the first paint (so nothing competes with it), then hydrates the page. A tab that does not paint
 * (hidden) or a browser without paint timing starts after a short wait. The empty shell of other pages starts at
 * once.
 */
function startAfterFirstPaint() {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    startInSteps();
  };
  const observer =
    typeof PerformanceObserver === 'undefined'
      ? undefined
      : new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) once();
        });
  try {
    observer?.observe({ type: 'paint', buffered: true });
  } catch {
    // Paint timing is not supported: the wait below starts the app.
  }
  setTimeout(once, document.visibilityState === 'hidden' ? 0 : 1000);
}

// Every form is the app's to handle. One submitted before the app has hydrated its part of a prerendered page
// would reload the page with the fields (a password among them) in the URL: a submission no handler took is
// stopped once it has passed every handler.
window.addEventListener('submit', (event) => {
  if (!event.defaultPrevented) event.preventDefault();
});

if (document.getElementById('root')?.dataset.prerendered) startAfterFirstPaint();
else start();
