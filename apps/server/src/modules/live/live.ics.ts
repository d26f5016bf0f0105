import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { endOf } from './live.presenter.ts';
import type { LiveSessionRow } from './live.repository.ts';

/** One session as an iCalendar file: the learner's calendar shows it in the session's own time zone. */
export function liveSessionIcs(session: LiveSessionRow, publicUrl: string): string {
  const calendar = ical({
    name: session.title,
    prodId: { company: 'learning-portal', product: 'live', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  const page = new URL(`/dashboard/learner/live-hub/${session.id}`, publicUrl).toString();
  calendar.createEvent({
    id: `live-${session.id}@learning-portal`,
    summary: session.title,
    description: [session.description, session.meetingUrl ?? '', page].filter(Boolean).join('\n\n'),
    start: session.startsAt,
    end: endOf(session),
    timezone: 'UTC',
    url: page,
    location: session.meetingUrl ?? page,
    status: session.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    sequence: Math.floor(session.updatedAt.getTime() / 1000) % 2_000_000_000,
  });
  return calendar.toString();
}
