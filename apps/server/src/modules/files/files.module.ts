import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { type BlobStore, createLocalBlobStore } from './blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    blobStore: BlobStore;
  }
}

/** The file store: an S3-compatible bucket when one is configured, else a folder under the data directory. */
export async function registerFiles(app: FastifyInstance, { config }: { config: Config }) {
  const blobStore = config.s3
    ? await createS3BlobStore(config.s3)
    : createLocalBlobStore({ root: path.join(config.dataDir, 'files') });
  app.decorate('blobStore', blobStore);
  return blobStore;
}
