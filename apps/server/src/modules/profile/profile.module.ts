import { isPhoneOnlyEmail } from '@portal/shared/auth';
import type { FastifyInstance } from 'fastify';
import { createChangeCache } from '../../change-cache.ts';
import type { Database } from '../../db/client.ts';
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
  const zones = createChangeCache<string>({ channel: PROFILE_CHANGES_CHANNEL, maxEntries: 50_000 });
  app.addHook('onReady', () => zones.start(database));
  app.addHook('onClose', () => zones.stop());
  const profileRepository = droppingZone(createProfileRepository({ db }), zones.drop);
  const ensureDefaultProfile = async (userId: string) => {
    const user = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.id, userId) });
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

/** The repository, dropping this instance's kept time zone of a learner whose profile it saved. */
function droppingZone(repository: ProfileRepository, drop: (userId: string) => void): ProfileRepository {
  return {
    ...repository,
    async update(userId, changes) {
      try {
        return await repository.update(userId, changes);
      } finally {
        drop(userId);
      }
    },
    async createDefault(userId, seed) {
      try {
        return await repository.createDefault(userId, seed);
      } finally {
        drop(userId);
      }
    },
  };
}

/** The profile's routes. */
export async function registerProfile(
  app: FastifyInstance,
  { profileRepository, auditService }: { profileRepository: ProfileRepository; auditService: AuditService },
) {
  await app.register(profileRoutes, { profileRepository, auditService });
}
