import type { Shop } from '@portal/shared/gamification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { GAMIFICATION_QUERY_KEY } from './gamification-query-key';

export const getShop = (signal?: AbortSignal) => api.get<Shop>('/api/gamification/shop', signal);

export const shopQueryOptions = () =>
  queryOptions({ queryKey: [...GAMIFICATION_QUERY_KEY, 'shop'], queryFn: ({ signal }) => getShop(signal) });

export const useShop = () => useQuery(shopQueryOptions());
