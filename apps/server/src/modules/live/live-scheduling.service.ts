import {
  AUDIENCES_OF_KIND,
  type CreateLiveSessionBody,
  expandRecurrence,
  instantOfLocal,
  type LiveKind,
  type LiveOptions,
  localOfInstant,
  type RecurrenceProblem,
} from '@portal/shared/live';
import type { Role } from '@portal/shared/roles';
import { shiftLocalDate } from '@portal/shared/time-zone';
import { AppError } from '../../errors.ts';
import type { LiveNotifier } from './live.notify.ts';
import type { LiveRepository, LiveSessionRow } from './live.repository.ts';
import type { LiveActor } from './live.service.ts';
import type { LiveViewing } from './live-viewing.ts';

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

/** The occurrences (instants) a new session or series has; refuses a past start or a broken recurrence. */
function occurrencesOf(body: CreateLiveSessionBody, now: Date): Date[] {
  let locals = [body.start_local];
  if (body.recurrence) {
    const expanded = expandRecurrence(body.start_local, body.recurrence);
    if ('problem' in expanded) throw invalid(RECURRENCE_MESSAGES[expanded.problem], [expanded.problem]);
    locals = expanded.occurrences;
  }
  const starts = locals.map((local) => instantOfLocal(local, body.time_zone));
  if (starts.some((start) => start.getTime() <= now.getTime())) throw invalid('A session cannot start in the past.');
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

export async function checkCourse(repository: LiveRepository, courseId: string | null | undefined) {
  if (courseId && !(await repository.courseExists(courseId))) throw invalid('This course does not exist.');
}

async function resolveInvitees(repository: LiveRepository, actor: LiveActor, emails: string[]) {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  const found = await repository.usersByEmails(wanted);
  const known = new Set(found.map((user) => user.email.toLowerCase()));
  const unknown = wanted.filter((email) => !known.has(email));
  if (unknown.length > 0) throw invalid('These addresses do not belong to a learner of this portal.', unknown);
  return found.map((user) => user.id).filter((id) => id !== actor.id);
}

/** The series row (for a recurring session) and one session row per start. */
function rowsOf(actor: LiveActor, body: CreateLiveSessionBody, starts: Date[]) {
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
  return { series, sessions: starts.map((startsAt) => ({ ...base, startsAt })) };
}

/** Where an occurrence moves when the edited one moves to `startLocal` (same day shift, new wall-clock time). */
export function movedStart(target: LiveSessionRow, edited: LiveSessionRow, startLocal: string, timeZone: string) {
  if (target.id === edited.id) return instantOfLocal(startLocal, timeZone);
  const [editedDate = ''] = localOfInstant(edited.startsAt, edited.timeZone).split('T');
  const [newDate = '', newTime = '00:00'] = startLocal.split('T');
  const shift = Math.round((Date.parse(`${newDate}T00:00Z`) - Date.parse(`${editedDate}T00:00Z`)) / 86_400_000);
  const [targetDate = ''] = localOfInstant(target.startsAt, target.timeZone).split('T');
  return instantOfLocal(`${shiftLocalDate(targetDate, shift)}T${newTime}`, timeZone);
}

/** Scheduling a session or series: who may host what, for whom, and when. */
export function createLiveScheduling({
  repository,
  notifier,
  viewing,
  timeZoneOf,
  now,
}: {
  repository: LiveRepository;
  notifier: LiveNotifier;
  viewing: LiveViewing;
  timeZoneOf: (userId: string) => Promise<string>;
  now: () => Date;
}) {
  return {
    async options(actor: LiveActor): Promise<LiveOptions> {
      return {
        kinds: mayHostClasses(actor.role) ? ['class', 'study_group'] : ['study_group'],
        courses: await repository.coursesForScheduling(200),
        time_zone: await timeZoneOf(actor.id),
      };
    },
    async schedule(actor: LiveActor, body: CreateLiveSessionBody) {
      checkKindAndAudience(actor, body.kind, body);
      await checkCourse(repository, body.course_id);
      const starts = occurrencesOf(body, now());
      const inviteeIds =
        body.audience === 'invited' ? await resolveInvitees(repository, actor, body.invitee_emails) : [];
      const { series, sessions } = rowsOf(actor, body, starts);
      const rows = await repository.createSessions(series, sessions, inviteeIds);
      const first = rows[0];
      if (first && inviteeIds.length > 0) {
        await notifier.tellAll(await repository.recipients(inviteeIds), first, 'invited');
      }
      return {
        sessions: await viewing.presentIds(
          await viewing.viewerOf(actor),
          rows.map((row) => row.id),
        ),
      };
    },
  };
}
