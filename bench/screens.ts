/**
 * Cold dashboard screens: builds the app, starts the server as `npm start` runs it (demo data on), and opens each
 * main dashboard screen in Chromium with an empty cache, signed in as the demo learner (or admin), timing from the
 * start of navigation until the screen's content is visible: its main heading is shown and nothing in the page is
 * still loading (no spinner, no `aria-busy` region). Each screen is opened five times; the table shows the median.
 * No throttling: this is how fast the screens come up on this machine. Results go into bench/README.md.
 *
 *   npm run bench:screens
 *   BENCH_WEB_BEFORE_DIST=/path/to/older/dist npm run bench:screens   (also measures an older web build)
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@portal/shared/roles';
import { type Browser, chromium } from 'playwright-core';
import { createBenchDatabase, REPO_ROOT, stopServerProcess } from './bench-kit.ts';
import { writeBenchSection } from './readme.ts';
import { browserCookies, demoCookie, startWebServer } from './web-server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4620);
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
const ORIGIN = `http://127.0.0.1:${PORT}`;
const COURSE_SLUG = 'study-skills-that-stick';

/** What the last round of changes did to these screens, kept with the figures (the table is rewritten per run). */
const WHAT_CHANGED = `2026-11-26, measured with a load average of 7 to 13 on 2 cores (the machine was shared with test runs, and
timings move with that by a factor of two between runs, so compare within a run). Every screen got faster, by
13-52% of its median (learner home 4.8 -> 2.3 s), and makes a third of the requests (103-141 before, 31-52 now):
- About 70 of a screen's requests were files of 1-3 KB, one per icon, small component or API helper that several
  screens share; Chromium opens six connections to a server, so the screen's own code and its API calls queued
  behind them. Shared chunks under 16 KB of source are now copied into the chunks using them (see \`vite.config.ts\`).
- index.html preloads the start-up code (boot, vendor) beside the entry, one round trip less before the route's
  code is asked for; the dashboard gate's display preferences (\`/api/profile\`) are asked as soon as \`/api/me\`
  answers instead of after the screen's code has loaded and rendered.
- The layout and screen render in the background after the loading screen (yielding to the browser), and chart
  drawings wait until the page is idle.
Left: the target (under 1 s) is not met on this machine under this load; what remains per screen is the chain
entry -> start-up code -> route code with its translations -> \`/api/me\` -> \`/api/profile\` (the gate waits for it),
and React rendering the layout and screen on a busy CPU. Sending who is signed in (and their display
preferences) with the page, or rendering the dashboard shell on the server, would cut the chain further.

2026-11-27, on a quiet machine (load average 1-2), "before" being that day's earlier build: a signed-in page now
arrives with the answers to its first API requests (who is signed in, display preferences, consent, plan, and the
screen's own data where it does not depend on the address) and with the dashboard frame's code and texts preloaded
(the learner home's too), so the chain above is entry -> start-up and screen code together -> render. The learner
home also lost the charting library (its charts are plain SVG). Every screen now shows its content in under 1 s
here except the live hub (about 1 s): the demo learner's plan has no live sessions, so that screen asks for its
data itself (the server leaves a refused answer out of the page) and shows the upgrade offer.

Later on 2026-11-27 (load average 2-3), "before" being that morning's build (8ea243b) measured with its own server,
since the answers' form in the page changed (each is now the status and body the route gave) and an older web build
cannot read them: a refusal by plan or role now goes with the page too, so the live hub shows its upgrade offer
without asking (839 -> 800 ms, 39 -> 37 requests); the dashboard frame no longer loads the dialog, popover and toast
code with every screen (the learner home's code in the budget check 157.0 -> 144.5 KB). Every screen shows its
content in under 1 s on this machine.

2026-11-27, evening (load average 1-2), "before" being the afternoon's web build (0b2fd07) on this server: a
signed-in dashboard page arrives rendered by the server from the visitor's own data (\`signed-in-render.ts\`), so a
screen's content shows with the HTML: 13 of 15 screens now show it in 200-340 ms (505-970 ms before), with 5-6
requests before it instead of 22-48. Two still render in the browser: the notes (note bodies are sanitised with
DOMPurify, which needs a browser's DOM) and the live hub (the demo learner's plan refuses its data, and a page whose
requests failed or were refused is left to the browser, which shows the refusal).
`;

type Screen = { label: string; path: string; role: Role };
const learner = (label: string, screenPath: string): Screen => ({ label, path: screenPath, role: 'learner' });
const admin = (label: string, screenPath: string): Screen => ({ label, path: screenPath, role: 'admin' });

const screens = (courseId: string): Screen[] => [
  learner('learner home', '/dashboard/learner'),
  learner('courses', '/dashboard/learner/courses'),
  learner('course player', `/dashboard/learner/course/${courseId}`),
  learner('goals', '/dashboard/learner/goals'),
  learner('notes', '/dashboard/learner/notes'),
  learner('flashcards', '/dashboard/learner/flashcards'),
  learner('achievements', '/dashboard/learner/gamification'),
  learner('live hub', '/dashboard/learner/live-hub'),
  learner('coach', '/dashboard/learner/ai-coach'),
  learner('settings', '/dashboard/learner/settings'),
  learner('subscription', '/dashboard/subscription'),
  admin('admin overview', '/dashboard/admin'),
  admin('admin users', '/dashboard/admin/users'),
  admin('admin courses', '/dashboard/admin/courses'),
  admin('admin analytics', '/dashboard/admin/analytics'),
];

/** Runs in the page on every frame: the time since navigation start once the screen shows its content, else 0. */
const contentShownAt = () => {
  const main = document.querySelector('main');
  const heading = main?.querySelector('h1');
  if (!main || !heading?.textContent?.trim() || heading.getBoundingClientRect().height === 0) return 0;
  if (document.querySelector('.animate-spin, [aria-busy="true"]')) return 0;
  return performance.now();
};

type Sample = { ms: number; requests: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** One cold open: a fresh browser context (empty cache and storage) holding only the session cookie. */
async function openCold(browser: Browser, screen: Screen, cookie: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(browserCookies(cookie, ORIGIN));
    const page = await context.newPage();
    let requests = 0;
    let done = false;
    page.on('request', () => {
      if (!done) requests += 1;
    });
    await page.goto(`${ORIGIN}${screen.path}`, { waitUntil: 'commit' });
    const shown = await page.waitForFunction(contentShownAt, undefined, { polling: 'raf', timeout: 30_000 });
    done = true;
    return { ms: Number(await shown.jsonValue()), requests };
  } finally {
    await context.close();
  }
}

async function demoCourseId(cookie: string): Promise<string> {
  const response = await fetch(`${ORIGIN}/api/courses`, { headers: { cookie } });
  const { courses } = (await response.json()) as { courses: Array<{ id: string; slug: string }> };
  const course = courses.find((candidate) => candidate.slug === COURSE_SLUG);
  if (!course) throw new Error(`no demo course ${COURSE_SLUG}`);
  return course.id;
}

async function measureBuild(label: string, webDistDir: string): Promise<string[]> {
  const database = await createBenchDatabase('screens');
  let server: ChildProcess | undefined;
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    server = await startWebServer(PORT, webDistDir, database.dataDir, database.url);
    const cookies = { learner: await demoCookie(PORT, 'learner'), admin: await demoCookie(PORT, 'admin') };
    const rows: string[] = [];
    for (const screen of screens(await demoCourseId(cookies.learner))) {
      const cookie = screen.role === 'admin' ? cookies.admin : cookies.learner;
      // A first open warms the server (its caches, the compiled queries) so the runs time the page, not that.
      await openCold(browser, screen, cookie);
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) samples.push(await openCold(browser, screen, cookie));
      const ms = samples.map((sample) => sample.ms);
      rows.push(
        `| ${label} | ${screen.label} | \`${screen.path.replace(/[0-9a-f-]{36}/, ':courseId')}\` | ${Math.round(median(ms))} | ${Math.round(Math.max(...ms))} | ${median(samples.map((sample) => sample.requests))} |`,
      );
      console.log(rows.at(-1));
    }
    return rows;
  } finally {
    await browser.close();
    if (server) await stopServerProcess(server);
    await database.cleanup();
  }
}

async function main() {
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(', ');
  const loadBefore = load();
  if (!process.env.BENCH_SKIP_BUILD) {
    execFileSync('npm', ['run', '-w', '@portal/web', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  const before = process.env.BENCH_WEB_BEFORE_DIST;
  const rows = [
    ...(before ? await measureBuild('before', path.resolve(before)) : []),
    ...(await measureBuild(before ? 'after' : 'current', WEB_DIST)),
  ];
  await writeBenchSection(
    'Cold dashboard screens',
    `Each screen opened ${RUNS}× in Chromium (after one warm-up open), each time in a fresh browser context (empty
cache, only the session cookie), against the production server (\`npm start\`: built web app, demo data), no
throttling, 1280×800. Time from navigation start until the screen shows its content: its \`<h1>\` is visible and
nothing is loading any more (no spinner, no \`aria-busy\` region), median and slowest in ms; requests are those
the page made until then (median). Learner screens as the demo learner, admin screens as the demo admin.
${before ? '"before" is the older web build given in BENCH_WEB_BEFORE_DIST, served by the same server.\n' : ''}
${WHAT_CHANGED}
Machine: ${os.cpus().length} cores, Node ${process.version}; load average (1, 5, 15 min) ${loadBefore} before the
build, ${load()} at the end (other work shares the machine). Run: ${new Date().toISOString().slice(0, 16)}Z.

| build | screen | path | content shown, median ms | slowest ms | requests |
|---|---|---|---:|---:|---:|
${rows.join('\n')}
`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
