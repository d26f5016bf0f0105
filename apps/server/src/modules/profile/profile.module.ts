import { isPhoneOnlyEmail } from '@portal/shared/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appChangeCache, droppingAfterWrites } from '../../change-cache.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createProfileRepository, type ProfileRepository } from './profile.repository.ts';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService } from './profile.service.ts';

/**
 * The learner's profile. Made before sign-in is, since every new session makes sure its user has one; other modules
 * read the learner's time zone from it.
 */
export function createProfile(app: FastifyInstance, { database }: { database: Database }) {
  const { db } = database;
  const zones = appChangeCache<string>(app, database, { channel: PROFILE_CHANGES_CHANNEL, maxEntries: 50_000 });
  // A saved profile may carry a new time zone.
  const profileRepository = droppingAfterWrites(
    createProfileRepository({ db }),
    ['update', 'createDefault'],
    (userId) => zones.drop(String(userId)),
  );
  const ensureDefaultProfile = async (userId: string) => {
    const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
    await profileRepository.createDefault(userId, {
      fullName: user?.name ?? null,
      email: user && !isPhoneOnlyEmail(user.email) ? user.email : null,
    });
  };
  // Every award, streak, goal and home asks for it; kept until the learner changes it.
  const timeZoneOf = (userId: string) =>
    zones.get(userId, async () => (await profileRepository.findByUserId(userId))?.timezone ?? 'UTC');
  const profileService = createProfileService({ repository: profileRepository });
  return { profileRepository, profileService, ensureDefaultProfile, timeZoneOf };
}

/** Channel the trigger of migration 0033 notifies with the id of a learner whose time zone changed. */
const PROFILE_CHANGES_CHANNEL = 'profile_changes';

/** The profile's routes. */
export async function registerProfile(
  app: FastifyInstance,
  { profileRepository, auditService }: { profileRepository: ProfileRepository; auditService: AuditService },
) {
  await app.register(profileRoutes, { profileRepository, auditService });
}
