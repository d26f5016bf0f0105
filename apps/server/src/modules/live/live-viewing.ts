import type { LiveSession } from '@portal/shared/live';
import { AppError } from '../../errors.ts';
import { presentSession } from './live.presenter.ts';
import type { LiveRepository, LiveSessionDetail, LiveViewer } from './live.repository.ts';
import type { LiveActor } from './live.service.ts';

export const unknownSession = () =>
  new AppError('not_found', 'This live session does not exist or is not open to you.');
const notYours = () => new AppError('forbidden', 'Only the host of this session or an admin can change it.');

/** Sessions as one viewer sees them: with their own answer and place on the waitlist. */
export function createLiveViewing({
  repository,
  planMembersOf,
  now,
}: {
  repository: LiveRepository;
  planMembersOf: (userId: string) => Promise<string[]>;
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

  return {
    viewerOf,
    presentAll,
    async presentIds(viewer: LiveViewer, ids: string[]) {
      const details = await Promise.all(ids.map((id) => repository.findDetail(id)));
      return presentAll(
        viewer,
        details.filter((detail): detail is LiveSessionDetail => detail !== undefined),
      );
    },
    /** The session as the actor may change it: 404 when they cannot see it, 403 when it is not theirs. */
    async ownSession(actor: LiveActor, sessionId: string) {
      const viewer = await viewerOf(actor);
      const detail = await repository.findDetail(sessionId, viewer);
      if (!detail) throw unknownSession();
      if (detail.session.hostId !== actor.id && !viewer.isAdmin) throw notYours();
      return { viewer, session: detail.session };
    },
  };
}
export type LiveViewing = ReturnType<typeof createLiveViewing>;
