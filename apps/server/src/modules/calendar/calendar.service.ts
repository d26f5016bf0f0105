import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@portal/shared/calendar';
import { FEATURE_MIN_TIER, type Feature } from '@portal/shared/tiers';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { AppError } from '../../errors.ts';
import type { AuditEventInput } from '../audit/audit.service.ts';
import { subscriptionRequired } from '../subscription/subscription.errors.ts';
import type { CalendarRepository } from './calendar.repository.ts';

/** Something with a date that belongs in the learner's calendar (a goal deadline, a live session, a due date). */
export type CalendarEntry = {
  id: string;
  title: string;
  description?: string;
  start: Date;
  end?: Date;
  /** All-day entries (deadlines) are dates without a time: the UTC date of `start`. */
  allDay: boolean;
  url?: string;
};

/** Reads one kind of entry for a user; each feature that has dated things contributes one. */
export type CalendarSource = (userId: string) => Promise<CalendarEntry[]>;

/** The plan feature the feed belongs to (calendar sync in settings); its routes declare the same. */
export const CALENDAR_FEATURE = 'settings' satisfies Feature;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const presentStatus = (row: { createdAt: Date; lastFetchedAt: Date | null } | null): CalendarFeedStatus => ({
  active: row !== null,
  created_at: row?.createdAt.toISOString() ?? null,
  last_fetched_at: row?.lastFetchedAt?.toISOString() ?? null,
});

/** The entries as iCalendar text, earliest first; links are made absolute against `publicUrl`. */
function renderCalendar(
  entries: CalendarEntry[],
  { productName, publicUrl }: { productName: string; publicUrl: string },
) {
  const calendar = ical({
    name: productName,
    prodId: { company: 'learning-portal', product: 'calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  for (const entry of entries.sort((a, b) => a.start.getTime() - b.start.getTime())) {
    calendar.createEvent({
      id: `${entry.id}@learning-portal`,
      summary: entry.title,
      description: entry.description ?? null,
      start: entry.start,
      end: entry.end ?? null,
      allDay: entry.allDay,
      url: entry.url ? new URL(entry.url, publicUrl).toString() : null,
      timezone: entry.allDay ? null : 'UTC',
    });
  }
  return calendar.toString();
}

type CalendarServiceDeps = {
  calendarRepository: CalendarRepository;
  sources: () => CalendarSource[];
  publicUrl: string;
  audit: (event: AuditEventInput) => Promise<void>;
  /** Whether the user's plan includes a feature; the feed link works only while its owner's plan has the calendar. */
  planIncludes: (userId: string, feature: Feature) => Promise<boolean>;
};

/** Feed links are personal data kept on consent; creating and revoking one is audited alike. */
const feedAuditEvent = (
  userId: string,
  action: 'calendar_feed.create' | 'calendar_feed.revoke',
  ipAddress: string | null,
): AuditEventInput => ({
  userId,
  action,
  tableName: 'calendar_feeds',
  recordId: userId,
  legalBasis: 'consent',
  purpose: 'Private calendar feed of live sessions and goal deadlines',
  ipAddress,
});

export function createCalendarService({
  calendarRepository,
  sources,
  publicUrl,
  audit,
  planIncludes,
}: CalendarServiceDeps) {
  return {
    async status(userId: string): Promise<CalendarFeedStatus> {
      return presentStatus(await calendarRepository.findByUserId(userId));
    },

    async createFeed(userId: string, context: { ipAddress: string | null }): Promise<CalendarFeedCreated> {
      const token = randomBytes(32).toString('base64url');
      const row = await calendarRepository.replace(userId, hashToken(token));
      await audit(feedAuditEvent(userId, 'calendar_feed.create', context.ipAddress));
      return { ...presentStatus(row), url: new URL(`/api/calendar/${token}/feed.ics`, publicUrl).toString() };
    },

    async revokeFeed(userId: string, context: { ipAddress: string | null }): Promise<void> {
      if (!(await calendarRepository.delete(userId))) return;
      await audit(feedAuditEvent(userId, 'calendar_feed.revoke', context.ipAddress));
    },

    /** The feed's iCalendar text; an unknown or replaced token is simply not found. */
    async renderFeed(token: string, { productName }: { productName: string }): Promise<string> {
      const userId = await calendarRepository.touchByTokenHash(hashToken(token));
      if (!userId) throw new AppError('not_found', 'This calendar link does not exist or was replaced.');
      if (!(await planIncludes(userId, CALENDAR_FEATURE)))
        throw subscriptionRequired(FEATURE_MIN_TIER[CALENDAR_FEATURE]);
      const entries = (await Promise.all(sources().map((source) => source(userId)))).flat();
      return renderCalendar(entries, { productName, publicUrl });
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
