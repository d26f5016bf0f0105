import type { Tier } from '@portal/shared/tiers';
import type { App } from '../../app.ts';
import { asUser } from '../../testing/billing-factories.ts';
import { grantRole, type SignedIn, signUpSubscribed, uniqueEmail } from '../../testing/factories.ts';

export type Person = SignedIn & { email: string };

const classBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'class',
  title: 'Conversation class',
  description: 'Bring questions.',
  start_local: '2026-03-10T18:00',
  time_zone: 'Europe/Berlin',
  duration_minutes: 60,
  audience: 'everyone',
  ...overrides,
});

/** Builders the live hub tests share: people with a plan and a role, and the hub's requests. */
export function liveHelpers(app: App) {
  const person = async (tier: Tier = 'us', role?: 'instructor' | 'admin'): Promise<Person> => {
    const user = await signUpSubscribed(app, tier, { email: uniqueEmail(role ?? 'learner') });
    if (role) await grantRole(app, user.userId, role);
    return user;
  };
  const schedule = (user: Person, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/live/sessions', headers: asUser(user), payload });
  const scheduleOk = async (user: Person, overrides: Record<string, unknown> = {}) => {
    const response = await schedule(user, classBody(overrides));
    if (response.statusCode !== 201) throw new Error(`scheduling answered ${response.statusCode}: ${response.body}`);
    return response.json<{ sessions: { id: string; starts_at: string; start_local: string }[] }>().sessions;
  };
  const rsvp = (user: Person, sessionId: string, response: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/live/sessions/${sessionId}/rsvp`,
      headers: asUser(user),
      payload: { response },
    });
  const getSession = (user: Person, sessionId: string) =>
    app.inject({ method: 'GET', url: `/api/live/sessions/${sessionId}`, headers: asUser(user) });
  const hub = async (user: Person, filter = 'all') =>
    (await app.inject({ method: 'GET', url: `/api/live/hub?filter=${filter}`, headers: asUser(user) })).json<{
      live_now: { id: string }[];
      upcoming: { id: string; title: string }[];
      past: { id: string; recording_url: string | null }[];
    }>();
  const patch = (user: Person, sessionId: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: `/api/live/sessions/${sessionId}`, headers: asUser(user), payload });
  const cancel = (user: Person, sessionId: string, scope = 'this') =>
    app.inject({
      method: 'POST',
      url: `/api/live/sessions/${sessionId}/cancel`,
      headers: asUser(user),
      payload: { scope },
    });
  const setProfile = (user: Person, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: '/api/profile', headers: asUser(user), payload });
  return { person, schedule, classBody, scheduleOk, rsvp, getSession, hub, patch, cancel, setProfile };
}
