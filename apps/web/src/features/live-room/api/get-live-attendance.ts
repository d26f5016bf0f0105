import type { LiveAttendee } from '@portal/shared/live-room';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { roomPath } from './get-live-room-lobby';

export const liveAttendanceQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['live-room', sessionId, 'attendance'],
    queryFn: ({ signal }) => api.get<{ attendees: LiveAttendee[] }>(`${roomPath(sessionId)}/attendance`, signal),
  });

/** Attendance for the host, the session's owner and admins; the minutes of people still here grow each minute. */
export const useLiveAttendance = (sessionId: string, enabled: boolean) =>
  useQuery({ ...liveAttendanceQueryOptions(sessionId), enabled, refetchInterval: 60_000 });

export const invalidateLiveAttendance = (queryClient: QueryClient, sessionId: string) =>
  queryClient.invalidateQueries({ queryKey: liveAttendanceQueryOptions(sessionId).queryKey });

export const liveAttendanceCsvUrl = (sessionId: string) => `${roomPath(sessionId)}/attendance.csv`;
