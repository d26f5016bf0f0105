import { lazy, Suspense, startTransition, useEffect, useState } from 'react';

const seenKey = (userId: string) => `portal.welcome-seen.${userId}`;

const WelcomeDialogContent = lazy(() =>
  import('./welcome-dialog-content').then((m) => ({ default: m.WelcomeDialogContent })),
);

/**
 * Shown on a learner's first visit to the home screen only. Its code loads once the home has painted, and never for
 * a learner who has seen it.
 */
export function WelcomeDialog({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // Rendered in the background, so opening it does not hold up the page the learner is looking at.
    startTransition(() => setOpen(localStorage.getItem(seenKey(userId)) === null));
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
