import type { LiveAttendee } from '@portal/shared/live-room';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { roomPath } from './get-live-room-lobby';

export const liveAttendanceQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['live-room', sessionId, 'attendance'],
    queryFn: ({ signal }) => api.get<{ attendees: LiveAttendee[] }>(`${roomPath(sessionId)}/attendance`, signal),
  });

/** Attendance for the host, the session's owner and admins. */
export const useLiveAttendance = (sessionId: string, enabled: boolean) =>
  useQuery({ ...liveAttendanceQueryOptions(sessionId), enabled });

export const liveAttendanceCsvUrl = (sessionId: string) => `${roomPath(sessionId)}/attendance.csv`;
