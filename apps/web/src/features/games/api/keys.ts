/** Every games query key starts with this, so a finished round refreshes sources and bests at once. */
export const GAMES_KEY = ['games'] as const;
