import type { BadgeView } from '@portal/shared/gamification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { GAMIFICATION_QUERY_KEY } from './gamification-query-key';

export const getBadges = (signal?: AbortSignal) =>
  api.get<{ badges: BadgeView[] }>('/api/gamification/badges', signal).then((data) => data.badges);

export const badgesQueryOptions = () =>
  queryOptions({ queryKey: [...GAMIFICATION_QUERY_KEY, 'badges'], queryFn: ({ signal }) => getBadges(signal) });

export const useBadges = () => useQuery(badgesQueryOptions());
