import { type Role, resolveRole } from '@portal/shared/roles';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { appChangeCache } from '../../change-cache.ts';
import type { Database } from '../../db/client.ts';
import type { RolesRepository } from './roles.repository.ts';
import { SESSION_CHANGES_CHANNEL, userOfChange } from './session-cache.ts';

/** Where a user's granted roles are read; other modules hold this, never the repository. */
export type RoleSource = Pick<RolesRepository, 'listForUser'>;

/** The user's effective role; learner when signed out or when the lookup fails. */
export async function getEffectiveRole({
  userId,
  rolesRepository,
  logger,
}: {
  userId: string | null | undefined;
  rolesRepository: RoleSource;
  logger: FastifyBaseLogger;
}): Promise<Role> {
  if (!userId) return 'learner';
  try {
    return resolveRole(await rolesRepository.listForUser(userId));
  } catch (error) {
    logger.error({ err: error, userId }, 'role lookup failed; falling back to learner');
    return 'learner';
  }
}

/** Granted roles as this instance keeps them; `forget` drops a user's at once, before the database's notice comes. */
export type KeptRoles = RoleSource & { forget(userId: string): void };

/**
 * Each user's granted roles kept in this process (every signed-in request with a role check asks for them) until
 * the database says they changed: the trigger of migration 0034 notifies on every grant and removal, as for a change
 * of the user, so every instance drops its copy as the change commits.
 */
export function keepRoles(app: FastifyInstance, database: Database, repository: RoleSource): KeptRoles {
  const kept = appChangeCache<Awaited<ReturnType<RoleSource['listForUser']>>>(app, database, {
    channel: SESSION_CHANGES_CHANNEL,
    keyOf: userOfChange,
    ttlMs: 30_000,
    maxEntries: 20_000,
  });
  return {
    listForUser: (userId) => kept.get(userId, () => repository.listForUser(userId)),
    forget: (userId) => kept.drop(userId),
  };
}
