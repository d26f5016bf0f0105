import { z } from 'zod';

/** A private feed token: 32 random bytes, base64url. */
export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Private iCalendar feed of the signed-in learner.
 * GET /api/calendar/feed -> calendarFeedStatusSchema; POST /api/calendar/feed -> calendarFeedCreatedSchema (a new link;
 * the previous one stops working); DELETE /api/calendar/feed -> { ok }; GET /api/calendar/{token}/feed.ics -> text/calendar.
 */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  last_fetched_at: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const calendarFeedCreatedSchema = calendarFeedStatusSchema.extend({ url: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

export const calendarFeedParamsSchema = z.object({ token: z.string().regex(CALENDAR_TOKEN_PATTERN) });
