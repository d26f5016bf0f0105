import type { App } from '../../app.ts';
import { asUser } from '../../testing/billing-factories.ts';
import { grantRole, type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { databaseOf } from '../../testing/test-app.ts';
import { liveRsvps, liveSessions } from '../live/live.table.ts';

type Body = Record<string, unknown>;
export type Person = SignedIn & { name: string };

/** A live session stored as the live sessions module would store it; `going` have a confirmed RSVP. */
export async function seedLiveSession(
  app: App,
  {
    host,
    going = [],
    waitlisted = [],
    startsInMinutes = 5,
    durationMinutes = 60,
    meetingUrl = null,
  }: {
    host: Person;
    going?: Person[];
    waitlisted?: Person[];
    startsInMinutes?: number;
    durationMinutes?: number;
    meetingUrl?: string | null;
  },
) {
  const { db } = databaseOf(app);
  const [session] = await db
    .insert(liveSessions)
    .values({
      kind: 'class',
      hostId: host.userId,
      title: 'Fractions live',
      startsAt: new Date(Date.now() + startsInMinutes * 60_000),
      durationMinutes,
      timeZone: 'UTC',
      audience: 'everyone',
      meetingUrl,
    })
    .returning({ id: liveSessions.id });
  if (!session) throw new Error('session not stored');
  const rsvps = [
    ...going.map((person) => ({ sessionId: session.id, userId: person.userId, response: 'going' as const })),
    ...waitlisted.map((person) => ({
      sessionId: session.id,
      userId: person.userId,
      response: 'going' as const,
      waitlisted: true,
    })),
  ];
  if (rsvps.length > 0) await db.insert(liveRsvps).values(rsvps);
  return session.id;
}

/** A signed-in person with an `us` plan (the live hub's tier); `role` instructor or admin adds that role. */
export async function livePerson(app: App, name: string, role?: 'instructor' | 'admin'): Promise<Person> {
  const person = await signUpSubscribed(app, 'us', { name });
  if (role) await grantRole(app, person.userId, role);
  return { ...person, name };
}

/** Calls the room API of one session as a person. */
export function roomCaller(app: App, sessionId: string) {
  return (by: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: Body) =>
    app.inject({
      method,
      url: `/api/live-room/sessions/${sessionId}${path}`,
      headers: asUser(by),
      ...(payload ? { payload } : {}),
    });
}
