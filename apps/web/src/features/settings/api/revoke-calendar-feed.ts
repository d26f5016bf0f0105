import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { getCalendarFeedQueryOptions } from './get-calendar-feed';

export const revokeCalendarFeed = () => api.delete<{ ok: true }>('/api/calendar/feed');

export const useRevokeCalendarFeed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCalendarFeedQueryOptions().queryKey }),
  });
};
