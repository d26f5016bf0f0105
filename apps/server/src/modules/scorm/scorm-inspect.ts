import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ScormPackageError } from './scorm.errors.ts';
import { extractScormZipInWorker } from './scorm-extract.ts';
import { assertLaunchFilesExist, parseScormManifest, type ScormManifest } from './scorm-manifest.ts';
import { MANIFEST_FILE_NAME, type ScormPackageLimits } from './scorm-zip.ts';

// Real manifests are kilobytes; this only keeps a hostile one from being read into memory whole.
const MAX_MANIFEST_BYTES = 16 * 1024 ** 2;

/** An extracted, parsed and checked SCORM package. */
export interface ScormPackageInspection {
  manifest: ScormManifest;
  /** Folder of the manifest inside `targetDir` (`''` or e.g. `course/`); manifest hrefs are relative to it. */
  rootPrefix: string;
  fileCount: number;
  unpackedBytes: number;
}

/**
 * Extracts a SCORM package into `targetDir` (which must not exist yet), parses its root `imsmanifest.xml` and
 * checks that every launchable item's file is in the package. On any failure `targetDir` is left absent and a
 * `ScormPackageError` says why.
 */
export async function inspectScormPackage({
  zipPath,
  targetDir,
  limits,
}: {
  zipPath: string;
  targetDir: string;
  limits?: Partial<ScormPackageLimits>;
}): Promise<ScormPackageInspection> {
  const extracted = await extractScormZipInWorker({ zipPath, targetDir, limits });
  try {
    const manifest = await readManifest(path.join(targetDir, extracted.rootPrefix, MANIFEST_FILE_NAME));
    const packageFiles = new Set(
      extracted.files
        .filter((file) => file.startsWith(extracted.rootPrefix))
        .map((file) => file.slice(extracted.rootPrefix.length)),
    );
    if (manifest.scos.length === 0) {
      throw new ScormPackageError(
        'no_launchable_content',
        'The manifest has no organization with an item that launches content.',
      );
    }
    assertLaunchFilesExist(manifest, packageFiles);
    return {
      manifest,
      rootPrefix: extracted.rootPrefix,
      fileCount: extracted.files.length,
      unpackedBytes: extracted.unpackedBytes,
    };
  } catch (error) {
    await rm(targetDir, { recursive: true, force: true });
    throw error;
  }
}

async function readManifest(manifestPath: string): Promise<ScormManifest> {
  const { size } = await stat(manifestPath);
  if (size > MAX_MANIFEST_BYTES) {
    throw new ScormPackageError('malformed_manifest', `The ${MANIFEST_FILE_NAME} is too large to be a real manifest.`);
  }
  return parseScormManifest(await readFile(manifestPath));
}
