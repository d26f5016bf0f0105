import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { i18n, preloadNamespaces } from '@/lib/i18n';
import { deliverUnsent } from '../runtime/unsent-commits';

/**
 * Sends the SCORM progress an earlier visit could not save (the tab closed offline, the browser died) as soon as the
 * learner is signed in and online again, wherever they are: a final quiz passed offline must count though its package
 * is never opened again. What it stored shows everywhere at once, and the learner is told.
 */
export function UnsentCommitsDelivery({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const deliver = () =>
      void deliverUnsent(userId).then(async (stored) => {
        if (stored === 0) return;
        void queryClient.invalidateQueries();
        await preloadNamespaces(['scorm']);
        toast.success(i18n.t('scorm:player.save.unsentStored'));
      });
    deliver();
    window.addEventListener('online', deliver);
    return () => window.removeEventListener('online', deliver);
  }, [userId, queryClient]);
  return null;
}
