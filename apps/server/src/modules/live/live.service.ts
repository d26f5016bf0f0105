import {
  AUDIENCES_OF_KIND,
  type CreateLiveSessionBody,
  expandRecurrence,
  instantOfLocal,
  type LiveFilter,
  type LiveHub,
  type LiveKind,
  type LiveOptions,
  type LiveSession,
  localOfInstant,
  type RecurrenceProblem,
} from '@portal/shared/live';
import type { Role } from '@portal/shared/roles';
import { shiftLocalDate } from '@portal/shared/time-zone';
import { AppError } from '../../errors.ts';
import type { CalendarEntry } from '../calendar/calendar.service.ts';
import type { LiveNotifier } from './live.notify.ts';
import { endOf, isLiveNow, presentSession } from './live.presenter.ts';
import type { LiveRepository, LiveSessionDetail, LiveSessionRow, LiveViewer } from './live.repository.ts';

export type LiveActor = { id: string; role: Role };

const HUB_UPCOMING = 50;
const HUB_PAST = 10;
const RANGE_LIMIT = 500;

export const unknownSession = () =>
  new AppError('not_found', 'This live session does not exist or is not open to you.');
const notYours = () => new AppError('forbidden', 'Only the host of this session or an admin can change it.');
const invalid = (message: string, reasons?: string[]) =>
  new AppError('validation_failed', message, reasons ? { reasons } : {});

const RECURRENCE_MESSAGES: Record<RecurrenceProblem, string> = {
  exception_not_an_occurrence: 'Each skipped date must be one of the dates of the series.',
  duplicate_exception: 'Each skipped date can be listed only once.',
  too_many: 'A series has at most 52 sessions; end it earlier.',
  until_before_start: 'The series must end after its first session.',
  no_occurrence: 'Every date of the series is skipped; keep at least one.',
};

const mayHostClasses = (role: Role) => role === 'admin' || role === 'instructor';

/** Scheduling, changing and reading live sessions; answers and reminders live in their own services. */
export function createLiveService({
  repository,
  notifier,
  planMembersOf,
  timeZoneOf,
  now,
}: {
  repository: LiveRepository;
  notifier: LiveNotifier;
  /** The owner and active members of the shared plan the user belongs to (the user alone without one). */
  planMembersOf: (userId: string) => Promise<string[]>;
  timeZoneOf: (userId: string) => Promise<string>;
  now: () => Date;
}) {
  async function viewerOf(actor: LiveActor): Promise<LiveViewer> {
    return { userId: actor.id, isAdmin: actor.role === 'admin', planMemberIds: await planMembersOf(actor.id) };
  }

  async function presentAll(viewer: LiveViewer, details: LiveSessionDetail[]): Promise<LiveSession[]> {
    const rsvps = await repository.myRsvps(
      viewer.userId,
      details.map((detail) => detail.session.id),
    );
    const at = now();
    return Promise.all(
      details.map(async (detail) => {
        const rsvp = rsvps.find((row) => row.sessionId === detail.session.id);
        const waitlistPosition = rsvp?.waitlisted
          ? await repository.waitlistPosition(detail.session.id, viewer.userId)
          : null;
        return presentSession(detail, { viewer, rsvp, waitlistPosition, now: at });
      }),
    );
  }

  async function presentIds(viewer: LiveViewer, ids: string[]) {
    const details = await Promise.all(ids.map((id) => repository.findDetail(id)));
    return presentAll(
      viewer,
      details.filter((detail): detail is LiveSessionDetail => detail !== undefined),
    );
  }

  /** The session as the actor may change it: 404 when they cannot see it, 403 when it is not theirs. */
  async function ownSession(actor: LiveActor, sessionId: string) {
    const viewer = await viewerOf(actor);
    const detail = await repository.findDetail(sessionId, viewer);
    if (!detail) throw unknownSession();
    if (detail.session.hostId !== actor.id && !viewer.isAdmin) throw notYours();
    return { viewer, session: detail.session };
  }

  async function checkCourse(courseId: string | null | undefined) {
    if (courseId && !(await repository.courseExists(courseId))) throw invalid('This course does not exist.');
  }

  async function resolveInvitees(actor: LiveActor, emails: string[]) {
    const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
    const found = await repository.usersByEmails(wanted);
    const known = new Set(found.map((user) => user.email.toLowerCase()));
    const unknown = wanted.filter((email) => !known.has(email));
    if (unknown.length > 0) throw invalid('These addresses do not belong to a learner of this portal.', unknown);
    return found.map((user) => user.id).filter((id) => id !== actor.id);
  }

  /** The occurrences (instants) a new session or series has; refuses a past start or a broken recurrence. */
  function occurrencesOf(body: CreateLiveSessionBody): Date[] {
    let locals = [body.start_local];
    if (body.recurrence) {
      const expanded = expandRecurrence(body.start_local, body.recurrence);
      if ('problem' in expanded) throw invalid(RECURRENCE_MESSAGES[expanded.problem], [expanded.problem]);
      locals = expanded.occurrences;
    }
    const starts = locals.map((local) => instantOfLocal(local, body.time_zone));
    if (starts.some((start) => start.getTime() <= now().getTime()))
      throw invalid('A session cannot start in the past.');
    return starts;
  }

  function checkKindAndAudience(actor: LiveActor, kind: LiveKind, body: CreateLiveSessionBody) {
    if (kind === 'class' && !mayHostClasses(actor.role)) {
      throw new AppError('forbidden', 'Only instructors and admins schedule classes; schedule a study group instead.');
    }
    if (!AUDIENCES_OF_KIND[kind].includes(body.audience)) {
      throw invalid(`A ${kind === 'class' ? 'class' : 'study group'} cannot be open to this audience.`);
    }
    if (body.audience === 'course' && !body.course_id) throw invalid('Choose the course whose learners are invited.');
    if (body.audience === 'invited' && body.invitee_emails.length === 0) {
      throw invalid('Invite at least one learner by email.');
    }
  }

  return {
    viewerOf,

    async options(actor: LiveActor): Promise<LiveOptions> {
      return {
        kinds: mayHostClasses(actor.role) ? ['class', 'study_group'] : ['study_group'],
        courses: await repository.coursesForScheduling(200),
        time_zone: await timeZoneOf(actor.id),
      };
    },

    async hub(actor: LiveActor, filter: LiveFilter): Promise<LiveHub> {
      const viewer = await viewerOf(actor);
      const at = now();
      const current = await repository.listVisible(viewer, { from: at, filter, limit: HUB_UPCOMING });
      const scheduled = current.filter((detail) => detail.session.status === 'scheduled');
      const past = await repository.listVisible(viewer, {
        to: at,
        filter,
        limit: HUB_PAST * 3,
        order: 'desc',
      });
      const ended = past.filter((detail) => endOf(detail.session) <= at && detail.session.status === 'scheduled');
      return {
        live_now: await presentAll(
          viewer,
          scheduled.filter((detail) => isLiveNow(detail.session, at)),
        ),
        upcoming: await presentAll(
          viewer,
          current.filter((detail) => !isLiveNow(detail.session, at)),
        ),
        past: await presentAll(viewer, ended.slice(0, HUB_PAST)),
      };
    },

    async range(actor: LiveActor, query: { from: string; to: string; filter: LiveFilter }) {
      const viewer = await viewerOf(actor);
      const details = await repository.listVisible(viewer, {
        from: new Date(query.from),
        to: new Date(query.to),
        filter: query.filter,
        limit: RANGE_LIMIT,
      });
      return { sessions: await presentAll(viewer, details) };
    },

    async get(actor: LiveActor, sessionId: string) {
      const viewer = await viewerOf(actor);
      const detail = await repository.findDetail(sessionId, viewer);
      if (!detail) throw unknownSession();
      const [session] = await presentAll(viewer, [detail]);
      if (!session) throw unknownSession();
      return { session };
    },

    /** The session row itself for a viewer who may see it (the .ics file). */
    async visibleRow(actor: LiveActor, sessionId: string): Promise<LiveSessionRow> {
      const detail = await repository.findDetail(sessionId, await viewerOf(actor));
      if (!detail) throw unknownSession();
      return detail.session;
    },

    async schedule(actor: LiveActor, body: CreateLiveSessionBody) {
      checkKindAndAudience(actor, body.kind, body);
      await checkCourse(body.course_id);
      const starts = occurrencesOf(body);
      const inviteeIds = body.audience === 'invited' ? await resolveInvitees(actor, body.invitee_emails) : [];
      const base = {
        kind: body.kind,
        hostId: actor.id,
        title: body.title,
        description: body.description,
        courseId: body.course_id ?? null,
        durationMinutes: body.duration_minutes,
        timeZone: body.time_zone,
        capacity: body.capacity ?? null,
        meetingUrl: body.meeting_url ?? null,
        audience: body.audience,
      };
      const series = body.recurrence
        ? {
            hostId: actor.id,
            recurrence: body.recurrence.frequency,
            until: body.recurrence.until ?? null,
            count: body.recurrence.count ?? null,
            exceptions: body.recurrence.exceptions,
            timeZone: body.time_zone,
          }
        : null;
      const rows = await repository.createSessions(
        series,
        starts.map((startsAt) => ({ ...base, startsAt })),
        inviteeIds,
      );
      const first = rows[0];
      if (first && inviteeIds.length > 0) {
        await notifier.tellAll(await repository.recipients(inviteeIds), first, 'invited');
      }
      return {
        sessions: await presentIds(
          await viewerOf(actor),
          rows.map((row) => row.id),
        ),
      };
    },

    /** The occurrences an edit or cancellation reaches: this one, or this and the later ones of its series. */
    async targetsOf(session: LiveSessionRow, scope: 'this' | 'following') {
      if (scope === 'this' || !session.seriesId) return [session];
      return repository.seriesFrom(session.seriesId, session.startsAt);
    },

    ownSession,
    checkCourse,
    presentIds,

    /** Where an occurrence moves when the edited one moves to `startLocal` (same day shift, new wall-clock time). */
    movedStart(target: LiveSessionRow, edited: LiveSessionRow, startLocal: string, timeZone: string) {
      if (target.id === edited.id) return instantOfLocal(startLocal, timeZone);
      const [editedDate = ''] = localOfInstant(edited.startsAt, edited.timeZone).split('T');
      const [newDate = '', newTime = '00:00'] = startLocal.split('T');
      const shift = Math.round((Date.parse(`${newDate}T00:00Z`) - Date.parse(`${editedDate}T00:00Z`)) / 86_400_000);
      const [targetDate = ''] = localOfInstant(target.startsAt, target.timeZone).split('T');
      return instantOfLocal(`${shiftLocalDate(targetDate, shift)}T${newTime}`, timeZone);
    },

    /** The learner's personal feed: sessions they host or answered going or maybe to. */
    async calendarEntries(userId: string): Promise<CalendarEntry[]> {
      const since = new Date(now().getTime() - 30 * 86_400_000);
      const rows = await repository.calendarSessionsOf(userId, since);
      return rows.map((row) => ({
        id: `live-${row.id}`,
        title: row.title,
        description: row.description || undefined,
        start: row.startsAt,
        end: endOf(row),
        allDay: false,
        url: `/dashboard/learner/live-hub/${row.id}`,
      }));
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
