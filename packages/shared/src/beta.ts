import { z } from 'zod';
import { BETA_UPDATE_TYPES } from './realtime.ts';

export const BETA_TITLE_MAX = 120;
export const BETA_MESSAGE_MAX = 2000;
/** Beta users shown per page in the admin list. */
export const BETA_USERS_PAGE_SIZE = 50;

/**
 * Text without control characters (tab and line breaks allowed) and without broken surrogate pairs: such
 * characters cannot be shown and would swell the broadcast far beyond the text's length.
 */
export function isPlainText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return false;
    if (code >= 0xdc00 && code <= 0xdfff) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1;
    }
  }
  return true;
}

const updateText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(isPlainText, { message: 'Use letters, digits, punctuation and line breaks only.' });

export const betaUpdateTypeSchema = z.enum(BETA_UPDATE_TYPES);
export type BetaUpdateType = z.infer<typeof betaUpdateTypeSchema>;

/** An admin's new beta update; HTML is kept as typed and always shown as text. */
export const postBetaUpdateBodySchema = z.object({
  title: updateText(BETA_TITLE_MAX),
  message: updateText(BETA_MESSAGE_MAX),
  type: betaUpdateTypeSchema,
});
export type PostBetaUpdateBody = z.infer<typeof postBetaUpdateBodySchema>;

export const betaUpdateParamsSchema = z.object({ updateId: z.uuid() });

export const storedBetaUpdateSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: betaUpdateTypeSchema,
  created_at: z.string(),
});
export type StoredBetaUpdate = z.infer<typeof storedBetaUpdateSchema>;

/**
 * Who an update reached among today's beta users: shown as a toast while they had the app open, read later in
 * "What's new", or not yet seen at all.
 */
export const betaReachSchema = z.object({
  delivered_live: z.number().int(),
  read_later: z.number().int(),
  not_yet_read: z.number().int(),
});
export type BetaReach = z.infer<typeof betaReachSchema>;

export const adminBetaUpdateSchema = storedBetaUpdateSchema.extend({
  posted_by: z.string().nullable(),
  reach: betaReachSchema,
});
export type AdminBetaUpdate = z.infer<typeof adminBetaUpdateSchema>;
export const adminBetaUpdatesSchema = z.object({ updates: z.array(adminBetaUpdateSchema) });

export const betaUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,800}$/)
    .optional(),
});
export type BetaUsersQuery = z.infer<typeof betaUsersQuerySchema>;

export const betaUserSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  beta_access: z.boolean(),
});
export type BetaUser = z.infer<typeof betaUserSchema>;

/** Without a search: the beta users. With one: any user whose name or email matches, beta or not. */
export const betaUsersPageSchema = z.object({
  users: z.array(betaUserSchema),
  next_cursor: z.string().nullable(),
  beta_user_count: z.number().int(),
});
export type BetaUsersPage = z.infer<typeof betaUsersPageSchema>;

export const betaUserParamsSchema = z.object({ userId: z.string().min(1).max(200) });
export const setBetaAccessBodySchema = z.object({ beta_access: z.boolean() });
export const betaAccessResultSchema = z.object({ user_id: z.string(), beta_access: z.boolean() });
export type BetaAccessResult = z.infer<typeof betaAccessResultSchema>;

/** A beta user's "What's new": an update is read once it was shown live or marked as read. */
export const betaFeedItemSchema = storedBetaUpdateSchema.extend({ read: z.boolean() });
export type BetaFeedItem = z.infer<typeof betaFeedItemSchema>;
export const betaFeedSchema = z.object({
  beta_access: z.boolean(),
  unread_count: z.number().int(),
  updates: z.array(betaFeedItemSchema),
});
export type BetaFeed = z.infer<typeof betaFeedSchema>;

export const betaReadResultSchema = z.object({ unread_count: z.number().int() });
