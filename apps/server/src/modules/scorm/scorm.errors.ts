/** Stable reason codes for a SCORM package that cannot be imported; the studio shows one per failed package. */
export const SCORM_PACKAGE_FAILURE_REASONS = [
  'not_a_zip',
  'too_large',
  'too_many_entries',
  'unpacked_too_large',
  'suspicious_compression',
  'path_escape',
  'no_manifest',
  'malformed_manifest',
  'missing_launch_file',
  'unsupported_version',
  'no_launchable_content',
  'interrupted',
  'internal',
] as const;

export type ScormPackageFailureReason = (typeof SCORM_PACKAGE_FAILURE_REASONS)[number];

/** The one error SCORM ingestion throws: a stable `reason` for code and a message a person can act on. */
export class ScormPackageError extends Error {
  readonly reason: ScormPackageFailureReason;

  constructor(reason: ScormPackageFailureReason, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ScormPackageError';
    this.reason = reason;
  }
}
