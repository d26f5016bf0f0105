import { lazy, Suspense, useEffect, useState } from 'react';

const seenKey = (userId: string) => `portal.welcome-seen.${userId}`;

const WelcomeDialogContent = lazy(() =>
  import('./welcome-dialog-content').then((m) => ({ default: m.WelcomeDialogContent })),
);

/**
 * Shown on a learner's first visit to the home screen only. Its dialog code (focus trap, scroll lock) loads once the
 * home has painted, and never for a learner who has seen it.
 */
export function WelcomeDialog({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setOpen(localStorage.getItem(seenKey(userId)) === null);
  }, [userId]);
  if (!open) return null;
  const close = () => {
    localStorage.setItem(seenKey(userId), new Date().toISOString());
    setOpen(false);
  };
  return (
    <Suspense fallback={null}>
      <WelcomeDialogContent onClose={close} />
    </Suspense>
  );
}
