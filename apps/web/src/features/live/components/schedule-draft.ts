import {
  AUDIENCES_OF_KIND,
  type CreateLiveSessionBody,
  expandRecurrence,
  instantOfLocal,
  isHttpsLink,
  LIVE_CAPACITY_MAX,
  LIVE_DURATION_MAX,
  LIVE_DURATION_MIN,
  LIVE_MAX_OCCURRENCES,
  type LiveAudience,
  type LiveKind,
} from '@portal/shared/live';
import type { TFunction } from 'i18next';
import type { RecurrenceDraft } from './recurrence-fields';

export type ScheduleDraft = {
  kind: LiveKind;
  title: string;
  description: string;
  courseId: string;
  start: string;
  timeZone: string;
  duration: string;
  capacity: string;
  meetingUrl: string;
  audience: LiveAudience;
  invitees: string;
  recurrence: RecurrenceDraft;
};

export type ScheduleErrors = Partial<
  Record<'title' | 'start' | 'duration' | 'capacity' | 'meetingUrl' | 'courseId' | 'invitees' | 'recurrence', string>
>;

type Translate = TFunction<'live'>;

const inRange = (value: string, min: number, max: number) => {
  const number = Number(value);
  return value.trim() !== '' && Number.isInteger(number) && number >= min && number <= max;
};

export const inviteeList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean);

/** The recurrence part of the body, or null for a single session. */
function recurrenceOf(draft: RecurrenceDraft): CreateLiveSessionBody['recurrence'] {
  if (draft.frequency === 'none') return null;
  return {
    frequency: draft.frequency,
    exceptions: draft.exceptions,
    ...(draft.end === 'count' ? { count: Number(draft.count) } : { until: draft.until }),
  };
}

type BasicFields = Pick<ScheduleDraft, 'title' | 'start' | 'timeZone' | 'duration' | 'capacity' | 'meetingUrl'>;

/** Checks every session form has: title, a future start, duration, capacity and an https meeting link. */
export function validateBasics(fields: BasicFields, t: Translate, { startChanged = true, now = new Date() } = {}) {
  const errors: ScheduleErrors = {};
  if (!fields.title.trim()) errors.title = t('live:form.errors.title');
  if (!fields.start) errors.start = t('live:form.errors.start');
  else if (startChanged && instantOfLocal(fields.start, fields.timeZone).getTime() <= now.getTime()) {
    errors.start = t('live:form.errors.past');
  }
  if (!inRange(fields.duration, LIVE_DURATION_MIN, LIVE_DURATION_MAX)) {
    errors.duration = t('live:form.errors.range', { min: LIVE_DURATION_MIN, max: LIVE_DURATION_MAX });
  }
  if (fields.capacity.trim() && !inRange(fields.capacity, 1, LIVE_CAPACITY_MAX)) {
    errors.capacity = t('live:form.errors.range', { min: 1, max: LIVE_CAPACITY_MAX });
  }
  if (fields.meetingUrl.trim() && !isHttpsLink(fields.meetingUrl.trim()))
    errors.meetingUrl = t('live:form.errors.https');
  return errors;
}

export function validateSchedule(draft: ScheduleDraft, t: Translate, now = new Date()): ScheduleErrors {
  const errors = validateBasics(draft, t, { now });
  if (draft.audience === 'course' && !draft.courseId) errors.courseId = t('live:form.errors.course');
  if (draft.audience === 'invited' && inviteeList(draft.invitees).length === 0) {
    errors.invitees = t('live:form.errors.invitees');
  }
  const recurrence = recurrenceOf(draft.recurrence);
  if (recurrence && draft.start) {
    if (recurrence.count !== undefined && !inRange(draft.recurrence.count, 2, LIVE_MAX_OCCURRENCES)) {
      errors.recurrence = t('live:form.errors.range', { min: 2, max: LIVE_MAX_OCCURRENCES });
    } else if (recurrence.until !== undefined && !draft.recurrence.until) {
      errors.recurrence = t('live:form.errors.until');
    } else {
      const expanded = expandRecurrence(draft.start, recurrence);
      if ('problem' in expanded) errors.recurrence = t(`live:form.errors.recurrence.${expanded.problem}`);
    }
  }
  return errors;
}

export function scheduleBody(draft: ScheduleDraft): CreateLiveSessionBody {
  const audience = AUDIENCES_OF_KIND[draft.kind].includes(draft.audience)
    ? draft.audience
    : (AUDIENCES_OF_KIND[draft.kind][0] ?? 'invited');
  return {
    kind: draft.kind,
    title: draft.title.trim(),
    description: draft.description.trim(),
    course_id: draft.courseId || null,
    start_local: draft.start,
    time_zone: draft.timeZone,
    duration_minutes: Number(draft.duration),
    capacity: draft.capacity.trim() ? Number(draft.capacity) : null,
    meeting_url: draft.meetingUrl.trim() || null,
    audience,
    invitee_emails: audience === 'invited' ? inviteeList(draft.invitees) : [],
    recurrence: recurrenceOf(draft.recurrence),
  };
}

/** Every time zone the browser knows, the learner's own first. */
export function timeZones(own: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return [own, ...all.filter((zone) => zone !== own)];
}
