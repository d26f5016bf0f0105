import type { ScormPlayerSession } from '@portal/shared/scorm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { scoFrame, signInForScorm, uploadReadyPackage, zipOf } from './scorm-support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.noisy" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Noisy course</title>
    <item identifier="menu" identifierref="r1"><title>Menu</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>
</manifest>`;

/** A SCO whose menu makes invalid API calls in a tight loop, as the package that raised an alert storm did. */
const NOISY_SCO = `<!doctype html><html lang="en"><head><title>Menu</title></head><body>
<h1>Menu</h1><p id="calls">starting</p>
<script>
  var api = window.parent.API;
  api.LMSInitialize('');
  var calls = 0;
  for (var round = 0; round < 200; round += 1) {
    api.LMSSetValue('cmi.core.score.raw', 'lots');
    api.LMSSetValue('cmi.core.lesson_status', 'finished-ish');
    api.LMSGetValue('cmi.core.no_such_element');
    calls += 3;
  }
  document.getElementById('calls').textContent = calls + ' calls made';
</script></body></html>`;

describe('SCORM API errors in the player', () => {
  it('a SCO making invalid calls in a loop raises no dialog; the status bar says what went wrong', async () => {
    const instructorContext = await newContext(browser);
    const instructor = await instructorContext.newPage();
    await signInForScorm(instructor, 'instructor@example.com');
    const packageId = await uploadReadyPackage(instructor, {
      zip: await zipOf({ 'imsmanifest.xml': MANIFEST, 'index.html': NOISY_SCO }),
      fileName: 'noisy.zip',
      title: `Noisy e2e ${Date.now()}`,
      isPublic: true,
    });
    await instructorContext.close();

    const context = await newContext(browser);
    const page = await context.newPage();
    await signInForScorm(page, 'learner@example.com');
    const enrolled = await page.request.post(`/api/scorm/packages/${packageId}/self-enrollment`);
    const enrollmentId = ((await enrolled.json()) as { enrollment_id: string }).enrollment_id;
    const session = (await (await page.request.get(`/api/scorm/launch/${enrollmentId}`)).json()) as ScormPlayerSession;

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/scorm/launch/${enrollmentId}/${session.scos[0]?.id ?? ''}`);
    const frame = await scoFrame(page, 'Menu');
    await frame.getByText('600 calls made').waitFor();

    const status = page.getByRole('status', { name: 'Content status' });
    await status.getByText(/SCORM error \d+/).waitFor();
    expect(await status.getAttribute('aria-live')).not.toBe('assertive');
    // Give any late answer of the 600 calls time to arrive: still no dialog.
    await page.waitForTimeout(1500);
    expect(dialogs).toEqual([]);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});
