import { LIVE_ROOM_OPENS_MINUTES, type LiveSession, localOfInstant } from '@portal/shared/live';
import type { LiveSessionDetail, LiveViewer } from './live.repository.ts';
import type { liveRsvps } from './live.table.ts';

type RsvpRow = typeof liveRsvps.$inferSelect;

export const endOf = (session: { startsAt: Date; durationMinutes: number }) =>
  new Date(session.startsAt.getTime() + session.durationMinutes * 60_000);

/** The room is open from LIVE_ROOM_OPENS_MINUTES before the start until the end. */
export function isLiveNow(session: { startsAt: Date; durationMinutes: number; status: string }, now: Date) {
  const opens = session.startsAt.getTime() - LIVE_ROOM_OPENS_MINUTES * 60_000;
  return session.status === 'scheduled' && now.getTime() >= opens && now.getTime() < endOf(session).getTime();
}

export function presentSession(
  detail: LiveSessionDetail,
  {
    viewer,
    rsvp,
    waitlistPosition = null,
    now,
  }: { viewer: LiveViewer; rsvp: RsvpRow | undefined; waitlistPosition?: number | null; now: Date },
): LiveSession {
  const { session } = detail;
  const isHost = session.hostId === viewer.userId;
  return {
    id: session.id,
    series_id: session.seriesId,
    kind: session.kind,
    title: session.title,
    description: session.description,
    course: session.courseId && detail.courseTitle ? { id: session.courseId, title: detail.courseTitle } : null,
    host: { id: session.hostId, name: detail.hostName },
    starts_at: session.startsAt.toISOString(),
    ends_at: endOf(session).toISOString(),
    start_local: localOfInstant(session.startsAt, session.timeZone),
    duration_minutes: session.durationMinutes,
    time_zone: session.timeZone,
    capacity: session.capacity,
    meeting_url: session.meetingUrl,
    audience: session.audience,
    status: session.status,
    recording_url: session.recordingUrl,
    going_count: detail.goingCount,
    maybe_count: detail.maybeCount,
    waitlist_count: detail.waitlistCount,
    my_rsvp: rsvp
      ? {
          response: rsvp.response,
          waitlisted: rsvp.waitlisted,
          waitlist_position: rsvp.waitlisted ? waitlistPosition : null,
        }
      : null,
    is_host: isHost,
    can_edit: isHost || viewer.isAdmin,
    live_now: isLiveNow(session, now),
  };
}
