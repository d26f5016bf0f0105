import { chromium } from 'playwright-core';
const base = 'http://localhost:4800';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'] });
const signIn = async (page, email) => {
  await page.goto(base + '/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('demo-password-123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await page.waitForURL((url) => url.pathname === '/dashboard/learner');
  const start = page.getByRole('button', { name: "Let's start" });
  if (await start.waitFor({ timeout: 4000 }).then(() => true).catch(() => false)) await start.click();
};
const step = process.argv[2];
const ctx = await browser.newContext({ viewport: { width: 1280, height: 860 } });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.type(), m.text().slice(0, 300)); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
if (step === 'upload') {
  await signIn(page, 'instructor@example.com');
  await page.goto(base + '/dashboard/scorm/upload');
  await page.getByText('Drop your SCORM package here, or click to select').waitFor();
  await page.screenshot({ path: '/tmp/scorm-shots/upload-empty.png', fullPage: true });
  await page.locator('input[type=file]').setInputFiles(process.argv[3]);
  await page.screenshot({ path: '/tmp/scorm-shots/upload-pending.png', fullPage: true });
  await page.getByRole('button', { name: 'Upload Package' }).click();
  await page.getByText('Upload Successful').first().waitFor({ timeout: 30000 }).catch(async () => { await page.screenshot({ path: '/tmp/scorm-shots/upload-fail.png', fullPage: true }); });
  await page.screenshot({ path: '/tmp/scorm-shots/upload-done.png', fullPage: true });
  await page.getByRole('link', { name: 'Return to Studio' }).click();
  await page.waitForURL(/studio/);
  await page.getByText('Ready').first().waitFor();
  await page.screenshot({ path: '/tmp/scorm-shots/studio.png', fullPage: true });
}
if (step === 'detail') {
  await signIn(page, 'instructor@example.com');
  await page.goto(base + '/dashboard/scorm/packages');
  await page.getByRole('link').filter({ hasText: process.argv[3] }).first().click();
  await page.getByRole('tab', { name: 'Overview' }).waitFor();
  await page.screenshot({ path: '/tmp/scorm-shots/detail.png', fullPage: true });
  await page.getByRole('tab', { name: 'Enrolments' }).click();
  await page.getByLabel('Find people').fill('learner');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/scorm-shots/enrol-before.png', fullPage: true });
  await page.getByRole('button', { name: 'Accept All' }).click().catch(() => {});
  if (await page.getByRole('checkbox', { name: /Lena Learner/ }).isEnabled()) {
    await page.getByRole('checkbox', { name: /Lena Learner/ }).check();
    await page.getByRole('button', { name: /Enrol selected/ }).click();
  }
  await page.getByRole('button', { name: 'Remove Lena Learner' }).waitFor({ timeout: 8000 }).catch(async (e) => { await page.screenshot({ path: '/tmp/scorm-shots/enrol-fail.png', fullPage: true }); throw e; });
  await page.screenshot({ path: '/tmp/scorm-shots/enrolments.png', fullPage: true });
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await page.getByText('Average score').waitFor();
  await page.screenshot({ path: '/tmp/scorm-shots/analytics.png', fullPage: true });
}
if (step === 'learner') {
  await signIn(page, 'learner@example.com');
  const res = await page.request.get(base + '/api/scorm/my-enrollments');
  const { enrollments } = await res.json();
  console.log(JSON.stringify(enrollments.map((e) => [e.package.title, e.status])));
  const e = enrollments[0];
  await page.goto(`${base}/scorm/launch/${e.id}/${e.launch_sco_id}`);
  await page.waitForTimeout(6000);
  await page.screenshot({ path: '/tmp/scorm-shots/player.png' });
  const frame = page.frameLocator('iframe').first().frameLocator('iframe');
  console.log('sco body:', (await frame.locator('body').innerText({ timeout: 5000 }).catch((x) => 'ERR ' + x.message)).slice(0, 200));
}
if (step === 'preview') {
  await signIn(page, 'instructor@example.com');
  await page.goto(base + process.argv[3]);
  await page.waitForTimeout(6000);
  await page.screenshot({ path: '/tmp/scorm-shots/preview.png' });
}
await browser.close();
