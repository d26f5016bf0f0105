import type { LiveRsvpResponse } from '@portal/shared/live';
import { AppError } from '../../errors.ts';
import { endOf } from './live.presenter.ts';
import type { LiveSessionRow } from './live.repository.ts';
import { type LiveActor, type LiveWriteDeps, unknownSession } from './live.service.ts';

/**
 * Answers to a session. The session row is locked while an answer is counted, so concurrent "going" answers never
 * confirm more than the capacity; the rest wait in answer order, and a place that frees up goes to the first of them.
 */
export function createLiveRsvpService({ repository, live, notifier, now }: LiveWriteDeps) {
  return {
    async respond(actor: LiveActor, sessionId: string, response: LiveRsvpResponse) {
      const viewer = await live.viewerOf(actor);
      const detail = await repository.findDetail(sessionId, viewer);
      if (!detail) throw unknownSession();
      if (detail.session.hostId === actor.id) {
        throw new AppError('validation_failed', 'You host this session; hosts do not answer their own invitation.');
      }
      const outcome = await repository.withSessionLocked(sessionId, async (tx, session) => {
        if (session.status === 'cancelled') throw new AppError('conflict', 'This session is cancelled.');
        const at = now();
        if (endOf(session) <= at) throw new AppError('conflict', 'This session is over.');
        const current = await repository.rsvpOf(tx, sessionId, actor.id);
        const confirmed = await repository.confirmedCount(tx, sessionId);
        const wasConfirmed = current?.response === 'going' && !current.waitlisted;
        if (response === 'going') {
          if (current?.response === 'going') return { session, promoted: [] };
          const full = session.capacity !== null && confirmed >= session.capacity;
          await repository.saveRsvp(tx, { sessionId, userId: actor.id, response, waitlisted: full });
          return { session, promoted: [] };
        }
        await repository.saveRsvp(tx, { sessionId, userId: actor.id, response, waitlisted: false });
        if (!wasConfirmed || session.capacity === null) return { session, promoted: [] };
        const places = session.capacity - (confirmed - 1);
        return { session, promoted: await repository.promoteFromWaitlist(tx, sessionId, places) };
      });
      if (!outcome) throw unknownSession();
      await tellPromoted(outcome.session, outcome.promoted);
      return live.get(actor, sessionId);
    },
  };

  async function tellPromoted(session: LiveSessionRow, userIds: string[]) {
    if (userIds.length === 0) return;
    await notifier.tellAll(await repository.recipients(userIds), session, 'promoted');
  }
}
export type LiveRsvpService = ReturnType<typeof createLiveRsvpService>;
