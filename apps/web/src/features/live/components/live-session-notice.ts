import type { ServerMessage } from '@portal/shared/realtime';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { i18n } from '@/lib/i18n';
import { LIVE_QUERY_KEY } from '../api/get-live-hub';

type LiveSessionChanged = Extract<ServerMessage, { type: 'live_session_changed' }>;

/** A session the learner cares about changed, was cancelled or is about to start: refresh the hub and say so. */
export function receiveLiveSessionChange(queryClient: QueryClient, message: LiveSessionChanged) {
  void queryClient.invalidateQueries({ queryKey: LIVE_QUERY_KEY });
  void i18n.loadNamespaces('live').then(() => {
    const text = i18n.t(`live:notices.${message.change}`, { title: message.title });
    if (message.change === 'cancelled') toast.warning(text);
    else toast.info(text);
  });
}
