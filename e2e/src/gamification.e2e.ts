import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  dismissWelcome,
  launchBrowser,
  newContext,
  signInThroughForm,
  waitForHydration,
} from './browser';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function signIn(page: Page, email: string) {
  await signInThroughForm(page, email);
  await page.waitForURL((url) => url.pathname === '/dashboard/learner');
  await dismissWelcome(page);
}

/** Completes a checklist goal from this tab (30 XP before the streak bonus), as the goals screen does. */
async function completeGoal(page: Page) {
  return page.evaluate(async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    const created = await fetch('/api/goals', {
      method: 'POST',
      headers,
      body: JSON.stringify({ kind: 'checklist', title: `Read chapter ${Date.now()}`, items: ['Read it'] }),
    });
    const { goal } = (await created.json()) as { goal: { id: string } };
    const completed = await fetch(`/api/goals/${goal.id}/complete`, { method: 'POST', headers, body: '{}' });
    return completed.status;
  });
}

const totalXp = async (page: Page) => Number((await page.getByTestId('total-xp').textContent())?.replace(/\D/g, ''));

/** The learner's total as the server has it now. */
const serverTotal = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/gamification/stats')).json()) as { total_xp: number }).total_xp);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('gamification', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser);
  });
  afterAll(async () => {
    await context.close();
  });

  it('a goal completed in one tab shows the XP toast and the new total in another tab, without a reload', async () => {
    const watcher = await context.newPage();
    await signIn(watcher, 'learner@example.com');
    await watcher.goto('/dashboard/learner/gamification');
    await watcher.getByTestId('total-xp').waitFor();
    const before = await totalXp(watcher);
    const actor = await context.newPage();
    await actor.goto('/dashboard/learner/goals');
    await actor.locator('h1').first().waitFor();

    expect(await completeGoal(actor)).toBe(200);

    const toast = watcher.locator('[data-sonner-toast]').filter({ hasText: 'Goal completed' });
    await toast.waitFor({ timeout: 10_000 });
    const earned = Number((await toast.textContent())?.match(/\+(\d+) XP/)?.[1]);
    expect(earned).toBeGreaterThanOrEqual(30);
    await expect.poll(() => totalXp(watcher), { timeout: 5000 }).toBe(before + earned);
    expect(await serverTotal(actor)).toBe(before + earned);
    expect(await watcher.getByTestId('current-streak').textContent()).not.toBe('0');
  });

  it('buying in the shop asks first, spends XP and says so; the screen meets WCAG checks in both contrasts', async () => {
    const page = await context.newPage();
    await page.goto('/dashboard/learner/gamification');
    await page.getByRole('heading', { name: 'Points shop' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    try {
      await page.request.patch('/api/profile', { data: { color_contrast: 'High' } });
      await page.reload();
      await page.getByRole('heading', { name: 'Points shop' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.request.patch('/api/profile', { data: { color_contrast: 'Standard' } });
      await page.reload();
    }
    await page.getByRole('heading', { name: 'Points shop' }).waitFor();
    const balanceBefore = Number((await page.getByTestId('xp-balance').textContent())?.replace(/\D/g, ''));

    await page.getByRole('button', { name: 'Buy Double XP boost' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This spends 150 XP.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Buy for 150 XP' }).click();

    await page.getByText('Purchase complete').waitFor();
    await expect
      .poll(async () => Number((await page.getByTestId('xp-balance').textContent())?.replace(/\D/g, '')))
      .toBe(balanceBefore - 150);
    await page.getByText(/Double XP is on until/).waitFor();
    expect(await page.getByRole('button', { name: 'Buy Double XP boost' }).isDisabled()).toBe(true);
  });

  it('the leaderboard is hidden in Low-Stimulus mode', async () => {
    const page = await context.newPage();
    await page.goto('/dashboard/learner/gamification');
    const leaderboard = page.getByRole('heading', { name: 'Leaderboard' });
    await leaderboard.waitFor();
    try {
      expect((await page.request.patch('/api/profile', { data: { comfort_mode: 'Low-Stimulus' } })).status()).toBe(200);
      await page.reload();
      await page.getByRole('heading', { name: 'Points shop' }).waitFor();
      expect(await leaderboard.isVisible()).toBe(false);
    } finally {
      await page.request.patch('/api/profile', { data: { comfort_mode: 'Normal' } });
    }
  });

  it('an admin changes the thresholds and they are in force at once', async () => {
    const adminContext = await newContext(browser);
    try {
      const page = await adminContext.newPage();
      await signIn(page, 'admin@example.com');
      await page.goto('/dashboard/admin/thresholds');
      const field = page.getByLabel('Days without activity');
      await field.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await field.fill('10');
      await page.getByRole('button', { name: 'Save thresholds' }).click();
      await page.getByText('Thresholds saved.', { exact: false }).waitFor();
      const saved = await page.request.get('/api/admin/gamification/settings');
      expect((await saved.json()).settings.at_risk_days).toBe(10);
      await page.getByRole('button', { name: 'Fill in the defaults' }).click();
      await page.getByRole('button', { name: 'Save thresholds' }).click();
      await expect
        .poll(
          async () => (await (await page.request.get('/api/admin/gamification/settings')).json()).settings.at_risk_days,
        )
        .toBe(7);
    } finally {
      await adminContext.close();
    }
  });
});

/** Two server processes on one PostgreSQL database, as behind a load balancer. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('gamification across two server instances', () => {
  const servers: ChildProcess[] = [];
  const dataDirs: string[] = [];
  let databaseName = '';

  async function startServer(port: number, databaseUrl: string, demoData: boolean) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-instance-'));
    dataDirs.push(dataDir);
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        CONTENT_PORT: String(port + 1),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: 'e2e-two-instances-secret-e2e-two-instances',
        DEMO_DATA: demoData ? '1' : '0',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    servers.push(server);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`server on ${port} exited with ${server.exitCode}`);
      const healthy = await fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return baseUrl;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`server on ${port} did not become healthy`);
  }

  async function admin<T>(work: (client: pg.Client) => Promise<T>) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  let first = '';
  let second = '';
  beforeAll(async () => {
    databaseName = `portal_e2e_${randomUUID().replaceAll('-', '')}`;
    await admin((client) => client.query(`create database ${databaseName}`));
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${databaseName}`;
    first = await startServer(4970, url.toString(), true);
    second = await startServer(4972, url.toString(), false);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) => {
            if (server.exitCode !== null) return resolve(null);
            server.once('exit', resolve);
            server.kill('SIGTERM');
          }),
      ),
    );
    await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('XP earned through one instance reaches the learner’s tab on the other instance', async () => {
    const watching = waitForHydration(await browser.newContext({ baseURL: second, locale: 'en-US' }));
    const acting = waitForHydration(await browser.newContext({ baseURL: first, locale: 'en-US' }));
    try {
      const watcher = await watching.newPage();
      await signInThroughForm(watcher, 'learner@example.com', DEMO_PASSWORD);
      await watcher.waitForURL((url) => url.pathname === '/dashboard/learner');
      await dismissWelcome(watcher);
      await watcher.goto('/dashboard/learner/gamification');
      await watcher.getByTestId('total-xp').waitFor();
      const before = await totalXp(watcher);
      const actor = await acting.newPage();
      await signIn(actor, 'learner@example.com');

      expect(await completeGoal(actor)).toBe(200);

      const toast = watcher.locator('[data-sonner-toast]').filter({ hasText: 'Goal completed' });
      await toast.waitFor({ timeout: 10_000 });
      const earned = Number((await toast.textContent())?.match(/\+(\d+) XP/)?.[1]);
      await expect.poll(() => totalXp(watcher), { timeout: 5000 }).toBe(before + earned);
    } finally {
      await watching.close();
      await acting.close();
    }
  });
});
