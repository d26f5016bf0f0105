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
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
