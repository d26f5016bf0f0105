import type { AchievementView } from '@portal/shared/gamification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { GAMIFICATION_QUERY_KEY } from './gamification-query-key';

export const getAchievements = (signal?: AbortSignal) =>
  api
    .get<{ achievements: AchievementView[] }>('/api/gamification/achievements', signal)
    .then((data) => data.achievements);

export const achievementsQueryOptions = () =>
  queryOptions({
    queryKey: [...GAMIFICATION_QUERY_KEY, 'achievements'],
    queryFn: ({ signal }) => getAchievements(signal),
  });

export const useAchievements = () => useQuery(achievementsQueryOptions());
