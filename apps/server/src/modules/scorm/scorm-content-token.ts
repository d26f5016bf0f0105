import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a content token lets its holder read: one package's files, for one user, until it expires. */
export interface ScormContentGrant {
  packageId: string;
  userId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export const CONTENT_TOKEN_TTL_SECONDS = 12 * 60 * 60;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', `scorm-content:${secret}`).update(payload).digest('base64url');

/**
 * A URL-path-safe token for the content origin, which never sees the session cookie: package files are reached
 * only through a URL the app handed to someone allowed to open the package.
 */
export function createContentToken(secret: string, grant: ScormContentGrant): string {
  const payload = Buffer.from(JSON.stringify([grant.packageId, grant.userId, grant.expiresAt])).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The grant a token carries, or null when it is forged, damaged or expired. */
export function verifyContentToken(secret: string, token: string, now = Date.now()): ScormContentGrant | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [packageId, userId, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    if (typeof packageId !== 'string' || typeof userId !== 'string' || typeof expiresAt !== 'number') return null;
    if (expiresAt * 1000 < now) return null;
    return { packageId, userId, expiresAt };
  } catch {
    return null;
  }
}
