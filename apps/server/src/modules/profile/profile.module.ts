import { isPhoneOnlyEmail } from '@portal/shared/auth';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createProfileRepository, type ProfileRepository } from './profile.repository.ts';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService } from './profile.service.ts';

/**
 * The learner's profile. Made before sign-in is, since every new session makes sure its user has one; other modules
 * read the learner's time zone from it.
 */
export function createProfile({ db }: { db: Db }) {
  const profileRepository = createProfileRepository({ db });
  const ensureDefaultProfile = async (userId: string) => {
    const user = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.id, userId) });
    await profileRepository.createDefault(userId, {
      fullName: user?.name ?? null,
      email: user && !isPhoneOnlyEmail(user.email) ? user.email : null,
    });
  };
  const timeZoneOf = async (userId: string) => (await profileRepository.findByUserId(userId))?.timezone ?? 'UTC';
  const profileService = createProfileService({ repository: profileRepository });
  return { profileRepository, profileService, ensureDefaultProfile, timeZoneOf };
}

/** The profile's routes. */
export async function registerProfile(
  app: FastifyInstance,
  { profileRepository, auditService }: { profileRepository: ProfileRepository; auditService: AuditService },
) {
  await app.register(profileRoutes, { profileRepository, auditService });
}
