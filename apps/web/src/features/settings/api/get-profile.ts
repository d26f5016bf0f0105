import type { Profile } from '@portal/shared/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getProfile = (signal?: AbortSignal) =>
  api.get<{ profile: Profile }>('/api/profile', signal).then((data) => data.profile);

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['profile'], queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...profileQueryOptions(), enabled });
