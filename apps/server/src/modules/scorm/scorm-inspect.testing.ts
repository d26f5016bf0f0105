import path from 'node:path';
import { SCORM_SAMPLES_DIR, writeZip, type ZipEntrySpec } from './scorm.testing.ts';
import { inspectScormPackage } from './scorm-inspect.ts';
import type { ScormPackageLimits } from './scorm-zip.ts';

/** Inspects packages zipped into, or sampled from, the current test's work folder, extracting under `package/`. */
export function packageInspector(workDir: () => string) {
  const targetDir = () => path.join(workDir(), 'package');

  async function inspectBuilt(
    entries: ZipEntrySpec[],
    options: { rewrite?: Array<[string, string]>; limits?: Partial<ScormPackageLimits> } = {},
  ) {
    const zipPath = await writeZip(path.join(workDir(), 'upload.zip'), entries, { rewrite: options.rewrite ?? [] });
    return inspectScormPackage({ zipPath, targetDir: targetDir(), limits: options.limits ?? {} });
  }

  function inspectSample(fileName: string) {
    return inspectScormPackage({ zipPath: path.join(SCORM_SAMPLES_DIR, fileName), targetDir: targetDir() });
  }

  return { targetDir, inspectBuilt, inspectSample };
}

export const ONE_PAGE_12 = `
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="i1" identifierref="r1"><title>Lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>`;

export const page = (name: string): ZipEntrySpec => ({ name, content: `<html><body>${name}</body></html>` });
