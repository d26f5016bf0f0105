import type { GameBests } from '@portal/shared/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { GAMES_KEY } from './keys';

export const getGameBests = (signal?: AbortSignal) => api.get<GameBests>('/api/games/bests', signal);

export const gameBestsQueryOptions = () =>
  queryOptions({ queryKey: [...GAMES_KEY, 'bests'], queryFn: ({ signal }) => getGameBests(signal) });

export const useGameBests = ({ enabled }: { enabled: boolean }) => useQuery({ ...gameBestsQueryOptions(), enabled });
