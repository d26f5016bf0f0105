import type { ProfileRepository } from './profile.repository.ts';

/**
 * What other modules may read or change of a learner's profile: auth picks the language of its mail from it and
 * keeps its copy of the address current. They hold this service, never the repository or its table.
 */
export function createProfileService({ repository }: { repository: ProfileRepository }) {
  return {
    async primaryLanguageOf(userId: string) {
      return (await repository.findByUserId(userId))?.primaryLanguage ?? null;
    },
    syncEmail: (userId: string, email: string) => repository.syncEmail(userId, email),
    /** A profile with defaults for a new account; an existing profile stays as it is. */
    createDefault: (userId: string, seed: Parameters<ProfileRepository['createDefault']>[1]) =>
      repository.createDefault(userId, seed),
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
