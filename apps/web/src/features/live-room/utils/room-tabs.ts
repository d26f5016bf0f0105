import { TAB_ID } from './tab-id';

/** What this person's tabs of one room tell each other: a tab opened, is here (the answer), or closed. */
type TabMessage = { type: 'opened' | 'here' | 'closed'; tab: string };

/**
 * The other tabs this person has open on one room (same browser), through a BroadcastChannel: so a closing tab can
 * say whether another stays (the server keeps the visit going) and the tabs left hear which tab closed. Without
 * BroadcastChannel no other tab is ever known.
 */
export function watchRoomTabs(sessionId: string, onClosed: (tab: string) => void) {
  if (typeof BroadcastChannel === 'undefined') {
    return { othersOpen: () => false, closed: () => {}, reopened: () => {}, stop: () => {} };
  }
  const channel = new BroadcastChannel(`live-room:${sessionId}`);
  const others = new Set<string>();
  const say = (type: TabMessage['type']) => channel.postMessage({ type, tab: TAB_ID } satisfies TabMessage);
  channel.onmessage = ({ data }: MessageEvent<TabMessage>) => {
    if (data.type === 'closed') {
      others.delete(data.tab);
      onClosed(data.tab);
      return;
    }
    others.add(data.tab);
    if (data.type === 'opened') say('here');
  };
  say('opened');
  return {
    othersOpen: () => others.size > 0,
    /** Tells the other tabs this one closed (a page kept for Back may open again: it says so then). */
    closed: () => say('closed'),
    reopened: () => say('opened'),
    stop: () => channel.close(),
  };
}
