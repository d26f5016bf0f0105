// The plan tiers without their schemas (no zod), for pages that only list or compare them.
export const TIERS = ['calm', 'me', 'us', 'universal'] as const;
export type Tier = (typeof TIERS)[number];
