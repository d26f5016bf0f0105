import { TOAST_MS } from '@portal/shared/constants';
import type { BetaUpdate } from '@portal/shared/realtime';
import { betaUpdateKind } from '@portal/shared/realtime-messages';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { invalidateBetaFeed } from '../api/get-beta-feed';
import { acknowledgeBetaUpdate } from '../api/mark-beta-read';
import { BetaToastCard } from './beta-toast-card';

/** Beta news: 8 seconds, a Dismiss action, coloured by type (unknown types are info). */
export function showBetaUpdateToast(update: Pick<BetaUpdate, 'title' | 'message' | 'type'>) {
  toast.custom(
    (id) => (
      <BetaToastCard
        title={update.title}
        message={update.message}
        type={betaUpdateKind(update.type)}
        onDismiss={() => toast.dismiss(id)}
      />
    ),
    { duration: TOAST_MS.betaUpdate },
  );
}

/** A live update: the toast, then the server is told it was seen so "What's new" and the reach count agree. */
export function receiveBetaUpdate(queryClient: QueryClient, update: BetaUpdate) {
  showBetaUpdateToast(update);
  void acknowledgeBetaUpdate(update.id)
    .catch(() => undefined)
    .then(() => invalidateBetaFeed(queryClient));
}
