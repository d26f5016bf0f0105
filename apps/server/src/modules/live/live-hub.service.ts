import type { LiveFilter, LiveHub } from '@portal/shared/live';
import { endOf, isLiveNow } from './live.presenter.ts';
import type { LiveRepository, LiveSessionRow } from './live.repository.ts';
import type { LiveActor } from './live.service.ts';
import { type LiveViewing, unknownSession } from './live-viewing.ts';

const HUB_UPCOMING = 50;
const HUB_PAST = 10;
const RANGE_LIMIT = 500;

type HubDeps = { repository: LiveRepository; viewing: LiveViewing; now: () => Date };

/** The hub's three lists: live now, upcoming and the last few past sessions. */
async function readHub({ repository, viewing, now }: HubDeps, actor: LiveActor, filter: LiveFilter): Promise<LiveHub> {
  const { viewerOf, presentAll } = viewing;
  const viewer = await viewerOf(actor);
  const at = now();
  const current = await repository.listVisible(viewer, { from: at, filter, limit: HUB_UPCOMING });
  const scheduled = current.filter((detail) => detail.session.status === 'scheduled');
  const past = await repository.listVisible(viewer, { to: at, filter, limit: HUB_PAST * 3, order: 'desc' });
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
}

/** Reading sessions: the hub's live, upcoming and past lists, a date range, one session. */
export function createLiveHub(deps: HubDeps) {
  const { repository, viewing } = deps;
  const { viewerOf, presentAll } = viewing;
  return {
    async hub(actor: LiveActor, filter: LiveFilter): Promise<LiveHub> {
      return readHub(deps, actor, filter);
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
  };
}
