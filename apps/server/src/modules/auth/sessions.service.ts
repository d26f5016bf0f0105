import type { AccountSession } from '@portal/shared/auth';
import type { Auth } from './auth.ts';
import { describeUserAgent } from './user-agent.ts';

type StoredSession = {
  id: string;
  token: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  ipAddress?: string | null;
  userAgent?: string | null;
};

async function activeSessionsOf(auth: Auth, userId: string): Promise<StoredSession[]> {
  const context = await auth.$context;
  return context.internalAdapter.listSessions(userId, { onlyActiveSessions: true });
}

/** The user's unexpired sessions, this one first, then the most recently active. */
export async function listAccountSessions(
  auth: Auth,
  { userId, currentSessionId }: { userId: string; currentSessionId: string },
): Promise<AccountSession[]> {
  const sessions = await activeSessionsOf(auth, userId);
  return sessions
    .map((session) => ({
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      updatedAt: session.updatedAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      ipAddress: session.ipAddress || null,
      userAgent: session.userAgent || null,
      ...describeUserAgent(session.userAgent),
      current: session.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.updatedAt.localeCompare(a.updatedAt));
}

/** Ends one of the user's own sessions; false when the user has no such session. */
export async function revokeAccountSession(
  auth: Auth,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<boolean> {
  const session = (await activeSessionsOf(auth, userId)).find((candidate) => candidate.id === sessionId);
  if (!session) return false;
  const context = await auth.$context;
  await context.internalAdapter.deleteSession(session.token);
  return true;
}
