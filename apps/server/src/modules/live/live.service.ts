import type { Role } from '@portal/shared/roles';
import type { CalendarEntry } from '../calendar/calendar.service.ts';
import type { LiveNotifier } from './live.notify.ts';
import { endOf } from './live.presenter.ts';
import type { LiveRepository, LiveSessionRow } from './live.repository.ts';
import { createLiveHub } from './live-hub.service.ts';
import { checkCourse, createLiveScheduling, movedStart } from './live-scheduling.service.ts';
import { createLiveViewing } from './live-viewing.ts';

export { unknownSession } from './live-viewing.ts';

export type LiveActor = { id: string; role: Role };

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
  const viewing = createLiveViewing({ repository, planMembersOf, now });
  return {
    viewerOf: viewing.viewerOf,
    ownSession: viewing.ownSession,
    presentIds: viewing.presentIds,
    ...createLiveHub({ repository, viewing, now }),
    ...createLiveScheduling({ repository, notifier, viewing, timeZoneOf, now }),
    checkCourse: (courseId: string | null | undefined) => checkCourse(repository, courseId),
    movedStart,

    /** The occurrences an edit or cancellation reaches: this one, or this and the later ones of its series. */
    async targetsOf(session: LiveSessionRow, scope: 'this' | 'following') {
      if (scope === 'this' || !session.seriesId) return [session];
      return repository.seriesFrom(session.seriesId, session.startsAt);
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

/** What the services that change sessions and answers need: the sessions, the live service, the notifier, a clock. */
export type LiveWriteDeps = { repository: LiveRepository; live: LiveService; notifier: LiveNotifier; now: () => Date };
