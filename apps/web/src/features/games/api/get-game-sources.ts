import type { GameSources } from '@portal/shared/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { GAMES_KEY } from './keys';

export const getGameSources = (signal?: AbortSignal) => api.get<GameSources>('/api/games/sources', signal);

export const gameSourcesQueryOptions = () =>
  queryOptions({ queryKey: [...GAMES_KEY, 'sources'], queryFn: ({ signal }) => getGameSources(signal) });

export const useGameSources = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...gameSourcesQueryOptions(), enabled });
