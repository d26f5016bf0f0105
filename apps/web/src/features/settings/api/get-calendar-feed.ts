import type { CalendarFeedStatus } from '@portal/shared/calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getCalendarFeed = (signal?: AbortSignal) => api.get<CalendarFeedStatus>('/api/calendar/feed', signal);

export const getCalendarFeedQueryOptions = () =>
  queryOptions({ queryKey: ['calendar', 'feed'], queryFn: ({ signal }) => getCalendarFeed(signal) });

export const useCalendarFeed = () => useQuery(getCalendarFeedQueryOptions());
