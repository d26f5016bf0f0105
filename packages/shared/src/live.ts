/**
 * Live hub: scheduled live sessions (classes by instructors and admins, study groups by `us` learners), RSVP with
 * capacity and a waitlist, reminders, and `.ics` files. A series is materialized: one session row per occurrence.
 *
 *   GET    /api/live/hub?filter=mine|courses|all        -> liveHubSchema (live now, upcoming, recent past)
 *   GET    /api/live/sessions?from&to&filter             -> liveSessionListSchema (for the calendar)
 *   GET    /api/live/options                             -> liveOptionsSchema (what the caller may schedule)
 *   POST   /api/live/sessions   createLiveSessionBodySchema -> liveSessionListSchema (201, every occurrence)
 *   GET    /api/live/sessions/:sessionId                 -> liveSessionEnvelopeSchema
 *   PATCH  /api/live/sessions/:sessionId  updateLiveSessionBodySchema -> liveSessionListSchema (changed occurrences)
 *   POST   /api/live/sessions/:sessionId/cancel  cancelLiveSessionBodySchema -> liveSessionListSchema
 *   PUT    /api/live/sessions/:sessionId/rsvp    liveRsvpBodySchema -> liveSessionEnvelopeSchema
 *   GET    /api/live/sessions/:sessionId.ics             -> text/calendar
 * A session the caller may not see answers 404; changing someone else's session answers 403.
 */
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { hasControlCharacters, LINK_MAX_LENGTH, oneLineTextSchema } from './input.ts';
import { shiftLocalDate } from './time-zone.ts';

export const LIVE_KINDS = ['class', 'study_group'] as const;
export const liveKindSchema = z.enum(LIVE_KINDS);
export type LiveKind = z.infer<typeof liveKindSchema>;

export const LIVE_AUDIENCES = ['everyone', 'course', 'shared_plan', 'invited'] as const;
export const liveAudienceSchema = z.enum(LIVE_AUDIENCES);
export type LiveAudience = z.infer<typeof liveAudienceSchema>;

/** Who a session of each kind may be open to. */
export const AUDIENCES_OF_KIND: Record<LiveKind, readonly LiveAudience[]> = {
  class: ['everyone', 'course', 'invited'],
  study_group: ['shared_plan', 'invited'],
};

export const LIVE_RSVP_RESPONSES = ['going', 'maybe', 'not_going'] as const;
export const liveRsvpResponseSchema = z.enum(LIVE_RSVP_RESPONSES);
export type LiveRsvpResponse = z.infer<typeof liveRsvpResponseSchema>;

export const LIVE_RECURRENCES = ['weekly', 'biweekly'] as const;
export const liveRecurrenceSchema = z.enum(LIVE_RECURRENCES);
export type LiveRecurrence = z.infer<typeof liveRecurrenceSchema>;

export const LIVE_FILTERS = ['mine', 'courses', 'all'] as const;
export const liveFilterSchema = z.enum(LIVE_FILTERS);
export type LiveFilter = z.infer<typeof liveFilterSchema>;

/** The room opens this many minutes before the start. */
export const LIVE_ROOM_OPENS_MINUTES = 10;
/** A series has at most this many occurrences. */
export const LIVE_MAX_OCCURRENCES = 52;
export const LIVE_TITLE_MAX = 120;
export const LIVE_DESCRIPTION_MAX = 2000;
export const LIVE_DURATION_MIN = 5;
export const LIVE_DURATION_MAX = 480;
export const LIVE_CAPACITY_MAX = 1000;
export const LIVE_INVITEES_MAX = 50;

/** True for a real calendar date YYYY-MM-DD from 1970 to 9999 (no 30 February). */
function isRealDate(value: string): boolean {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  if (year < 1970 || year > 9999) return false;
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === value;
}

const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-03-29')
  .refine(isRealDate, 'Use a real date');
/** A wall-clock time in the session's time zone, like 2026-03-22T18:00. */
const localDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'Use a date and time like 2026-03-22T18:00')
  .refine((value) => isRealDate(value.slice(0, 10)), 'Use a real date and time');

export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((value) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'Choose a known time zone');

/** True for an `https:` address with a host: meeting and recording links open in a new tab. */
export function isHttpsLink(value: string): boolean {
  if (hasControlCharacters(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}
const httpsLinkSchema = z.string().trim().max(LINK_MAX_LENGTH).refine(isHttpsLink, 'Use an https:// link');

export const liveRecurrenceBodySchema = z
  .object({
    frequency: liveRecurrenceSchema,
    /** Last local date an occurrence may fall on. */
    until: localDateSchema.nullish(),
    count: z.number().int().min(2).max(LIVE_MAX_OCCURRENCES).nullish(),
    /** Local dates skipped; each must be an occurrence date, each listed once. */
    exceptions: z.array(localDateSchema).max(LIVE_MAX_OCCURRENCES).default([]),
  })
  .strict()
  .refine((value) => (value.until ? 1 : 0) + (value.count ? 1 : 0) === 1, {
    message: 'End the series either on a date or after a number of sessions',
  });
export type LiveRecurrenceBody = z.infer<typeof liveRecurrenceBodySchema>;

export const createLiveSessionBodySchema = z
  .object({
    kind: liveKindSchema,
    title: oneLineTextSchema(LIVE_TITLE_MAX).min(1, 'Enter a title'),
    description: z.string().trim().max(LIVE_DESCRIPTION_MAX).default(''),
    course_id: z.uuid().nullish(),
    start_local: localDateTimeSchema,
    time_zone: timeZoneSchema,
    duration_minutes: z.number().int().min(LIVE_DURATION_MIN).max(LIVE_DURATION_MAX),
    capacity: z.number().int().min(1).max(LIVE_CAPACITY_MAX).nullish(),
    meeting_url: httpsLinkSchema.nullish(),
    audience: liveAudienceSchema,
    invitee_emails: z.array(z.email().max(254)).max(LIVE_INVITEES_MAX).default([]),
    recurrence: liveRecurrenceBodySchema.nullish(),
  })
  .strict();
export type CreateLiveSessionBody = z.infer<typeof createLiveSessionBodySchema>;

export const LIVE_EDIT_SCOPES = ['this', 'following'] as const;
export const liveEditScopeSchema = z.enum(LIVE_EDIT_SCOPES);
export type LiveEditScope = z.infer<typeof liveEditScopeSchema>;

export const updateLiveSessionBodySchema = z
  .object({
    scope: liveEditScopeSchema.default('this'),
    title: oneLineTextSchema(LIVE_TITLE_MAX).min(1, 'Enter a title').optional(),
    description: z.string().trim().max(LIVE_DESCRIPTION_MAX).optional(),
    course_id: z.uuid().nullable().optional(),
    start_local: localDateTimeSchema.optional(),
    time_zone: timeZoneSchema.optional(),
    duration_minutes: z.number().int().min(LIVE_DURATION_MIN).max(LIVE_DURATION_MAX).optional(),
    capacity: z.number().int().min(1).max(LIVE_CAPACITY_MAX).nullable().optional(),
    meeting_url: httpsLinkSchema.nullable().optional(),
    recording_url: httpsLinkSchema.nullable().optional(),
  })
  .strict();
export type UpdateLiveSessionBody = z.infer<typeof updateLiveSessionBodySchema>;

export const cancelLiveSessionBodySchema = z.object({ scope: liveEditScopeSchema.default('this') }).strict();
export const liveRsvpBodySchema = z.object({ response: liveRsvpResponseSchema }).strict();
export const liveSessionParamsSchema = z.object({ sessionId: z.uuid() });
export const liveHubQuerySchema = z.object({ filter: liveFilterSchema.default('all') });
export const liveRangeQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    filter: liveFilterSchema.default('all'),
  })
  .refine((value) => Date.parse(value.from) >= 0, 'Ask for dates from 1970 on')
  .refine((value) => Date.parse(value.to) > Date.parse(value.from), 'The range must end after it starts')
  .refine(
    (value) => Date.parse(value.to) - Date.parse(value.from) <= 62 * 86_400_000,
    'Ask for at most two months at a time',
  );

export const liveSessionSchema = z.object({
  id: z.string(),
  series_id: z.string().nullable(),
  kind: liveKindSchema,
  title: z.string(),
  description: z.string(),
  course: z.object({ id: z.string(), title: z.string() }).nullable(),
  host: z.object({ id: z.string(), name: z.string() }),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The start as a wall-clock time in the session's own time zone. */
  start_local: z.string(),
  duration_minutes: z.number(),
  time_zone: z.string(),
  capacity: z.number().nullable(),
  meeting_url: z.string().nullable(),
  audience: liveAudienceSchema,
  status: z.enum(['scheduled', 'cancelled']),
  recording_url: z.string().nullable(),
  going_count: z.number(),
  maybe_count: z.number(),
  waitlist_count: z.number(),
  my_rsvp: z
    .object({ response: liveRsvpResponseSchema, waitlisted: z.boolean(), waitlist_position: z.number().nullable() })
    .nullable(),
  is_host: z.boolean(),
  can_edit: z.boolean(),
  /** The room is open: from LIVE_ROOM_OPENS_MINUTES before the start to the end. */
  live_now: z.boolean(),
});
export type LiveSession = z.infer<typeof liveSessionSchema>;

export const liveSessionEnvelopeSchema = z.object({ session: liveSessionSchema });
export const liveSessionListSchema = z.object({ sessions: z.array(liveSessionSchema) });
export const liveHubSchema = z.object({
  live_now: z.array(liveSessionSchema),
  upcoming: z.array(liveSessionSchema),
  past: z.array(liveSessionSchema),
});
export type LiveHub = z.infer<typeof liveHubSchema>;

export const liveOptionsSchema = z.object({
  kinds: z.array(liveKindSchema),
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
  time_zone: z.string(),
});
export type LiveOptions = z.infer<typeof liveOptionsSchema>;

/** The instant a wall-clock time (YYYY-MM-DDTHH:mm) happens in `timeZone`. */
export function instantOfLocal(local: string, timeZone: string): Date {
  const [date = '', time = '00:00'] = local.split('T');
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hour, minute, timeZone).getTime());
}

/** The wall-clock time (YYYY-MM-DDTHH:mm) of an instant in `timeZone`. */
export function localOfInstant(instant: Date, timeZone: string): string {
  const zoned = new TZDate(instant.getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}T${pad(zoned.getHours())}:${pad(zoned.getMinutes())}`;
}

export type RecurrenceProblem =
  | 'exception_not_an_occurrence'
  | 'duplicate_exception'
  | 'too_many'
  | 'until_before_start'
  | 'no_occurrence';

/**
 * The local start times (YYYY-MM-DDTHH:mm) of a series: every 7 or 14 days at the same wall-clock time, so a
 * daylight-saving change moves the instant, not the time learners see. Exceptions are left out; they must fall on
 * an occurrence date and be listed once.
 */
export function expandRecurrence(
  startLocal: string,
  recurrence: Pick<LiveRecurrenceBody, 'frequency' | 'until' | 'count' | 'exceptions'>,
): { occurrences: string[] } | { problem: RecurrenceProblem } {
  const [startDate = '', time = '00:00'] = startLocal.split('T');
  const step = recurrence.frequency === 'weekly' ? 7 : 14;
  if (recurrence.until && recurrence.until < startDate) return { problem: 'until_before_start' };
  const dates: string[] = [];
  const limit = recurrence.count ?? LIVE_MAX_OCCURRENCES + 1;
  for (let index = 0; dates.length < limit; index += 1) {
    const date = shiftLocalDate(startDate, index * step);
    if (recurrence.until && date > recurrence.until) break;
    dates.push(date);
  }
  if (dates.length > LIVE_MAX_OCCURRENCES) return { problem: 'too_many' };
  const exceptions = recurrence.exceptions ?? [];
  if (new Set(exceptions).size !== exceptions.length) return { problem: 'duplicate_exception' };
  if (exceptions.some((date) => !dates.includes(date))) return { problem: 'exception_not_an_occurrence' };
  const skipped = new Set(exceptions);
  const occurrences = dates.filter((date) => !skipped.has(date)).map((date) => `${date}T${time}`);
  return occurrences.length > 0 ? { occurrences } : { problem: 'no_occurrence' };
}
