import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ScormCommitBody, ScormCommitResult } from '@portal/shared/scorm';
import type { ScormActor } from './scorm.service.ts';
import { CONTENT_TOKEN_TTL_SECONDS } from './scorm-content-token.ts';

/** Who a commit token lets store data: one learner's one attempt, until it expires. */
type CommitGrant = { attemptId: string; learner: ScormActor; expiresAt: number };

const sign = (secret: string, payload: string) =>
  createHmac('sha256', `scorm-commit:${secret}`).update(payload).digest('base64url');

export const COMMIT_TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Commits through the content origin. The wrapper page that runs a SCO's API stores its data itself, so what the
 * content sends while its page closes still arrives (a keepalive request outlives the page, a message to the player
 * does not). That origin never sees the session cookie: the player hands the wrapper a URL carrying a token for the
 * one attempt it opened, and the commit is stored exactly as the learner's own commit would be.
 */
export function createCommitChannel({
  secret,
  contentOrigin,
  commit,
  now = () => Date.now(),
}: {
  secret: string;
  contentOrigin: () => string;
  commit: (actor: ScormActor, attemptId: string, body: ScormCommitBody) => Promise<ScormCommitResult>;
  now?: () => number;
}) {
  const tokenFor = (actor: ScormActor, attemptId: string) => {
    const expiresAt = Math.floor(now() / 1000) + CONTENT_TOKEN_TTL_SECONDS;
    const payload = Buffer.from(JSON.stringify([attemptId, actor.id, actor.name, actor.role, expiresAt])).toString(
      'base64url',
    );
    return `${payload}.${sign(secret, payload)}`;
  };

  const grantOf = (token: string): CommitGrant | null => {
    if (!COMMIT_TOKEN_PATTERN.test(token)) return null;
    const [payload = '', signature = ''] = token.split('.');
    const expected = Buffer.from(sign(secret, payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const [attemptId, id, name, role, expiresAt] = JSON.parse(
        Buffer.from(payload, 'base64url').toString('utf8'),
      ) as unknown[];
      if (typeof attemptId !== 'string' || typeof id !== 'string' || typeof name !== 'string') return null;
      if (typeof role !== 'string' || typeof expiresAt !== 'number' || expiresAt * 1000 < now()) return null;
      return { attemptId, learner: { id, name, role: role as ScormActor['role'] }, expiresAt };
    } catch {
      return null;
    }
  };

  return {
    /** The address the wrapper stores this attempt's commits at. */
    urlFor: (actor: ScormActor, attemptId: string) => `${contentOrigin()}/scorm/commit/${tokenFor(actor, attemptId)}`,
    /** Stores a commit a token allows; null when the token is forged, damaged or expired. */
    async commit(token: string, body: ScormCommitBody): Promise<ScormCommitResult | null> {
      const grant = grantOf(token);
      if (!grant) return null;
      return commit(grant.learner, grant.attemptId, body);
    },
  };
}
export type CommitChannel = ReturnType<typeof createCommitChannel>;
