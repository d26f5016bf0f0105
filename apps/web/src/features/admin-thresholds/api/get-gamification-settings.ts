import type { GamificationSettingsResponse } from '@portal/shared/gamification-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getGamificationSettings = (signal?: AbortSignal) =>
  api.get<GamificationSettingsResponse>('/api/admin/gamification/settings', signal);

export const gamificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'gamification-settings'],
    queryFn: ({ signal }) => getGamificationSettings(signal),
  });

export const useGamificationSettings = () => useQuery(gamificationSettingsQueryOptions());
