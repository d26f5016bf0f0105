import { lazy, Suspense, useEffect } from 'react';
import { useBetaFeed } from '../api/get-beta-feed';

// The button, its popover and the list (and the update kinds it names) are not part of every dashboard screen's
// code: they load for beta users only, once the feed says they are one.
const loadWhatsNewList = () => import('./whats-new-list');
const WhatsNewPopover = lazy(() => import('./whats-new-popover').then((m) => ({ default: m.WhatsNewPopover })));

/** The header's "What's new" entry with the unread count; only beta users see it. */
export function WhatsNewButton() {
  const feed = useBetaFeed();
  const betaAccess = feed.data?.beta_access === true;
  useEffect(() => {
    if (betaAccess) void loadWhatsNewList();
  }, [betaAccess]);
  if (!betaAccess || !feed.data) return null;
  return (
    <Suspense fallback={null}>
      <WhatsNewPopover unread={feed.data.unread_count} />
    </Suspense>
  );
}
