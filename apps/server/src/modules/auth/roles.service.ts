import { type Role, resolveRole } from '@portal/shared/roles';
import type { FastifyBaseLogger } from 'fastify';
import type { RolesRepository } from './roles.repository.ts';

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
