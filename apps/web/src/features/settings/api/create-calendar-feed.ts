import type { CalendarFeedCreated } from '@portal/shared/calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { getCalendarFeedQueryOptions } from './get-calendar-feed';

/** Makes a new private feed link; any earlier link stops working. */
export const createCalendarFeed = () => api.post<CalendarFeedCreated>('/api/calendar/feed');

export const useCreateCalendarFeed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCalendarFeedQueryOptions().queryKey }),
  });
};
