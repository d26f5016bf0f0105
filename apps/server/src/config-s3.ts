/** Where files go when an S3-compatible object store is configured (read from the environment by `config.ts`). */
export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO, s3rver and most S3-compatible servers expect. */
  forcePathStyle: boolean;
};

type S3Environment = {
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
};

/** The S3 settings, null when none are set, or the problem when only some are. */
export function s3Settings(e: S3Environment): S3Settings | null | { problem: string } {
  if (!e.S3_ENDPOINT && !e.S3_BUCKET) return null;
  if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    return {
      problem:
        'S3 file storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (S3_REGION is optional).',
    };
  }
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
