/** Every gamification query starts with this key, so a realtime change refreshes them all at once. */
export const GAMIFICATION_QUERY_KEY = ['gamification'] as const;
