import type { MistakeList } from '@portal/shared/flashcards-sources';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

export const getMistakes = (signal?: AbortSignal) =>
  api.get<MistakeList>('/api/flashcards/mistakes', signal).then((data) => data.mistakes);

export const mistakesQueryOptions = () =>
  queryOptions({ queryKey: [...FLASHCARDS_KEY, 'mistakes'], queryFn: ({ signal }) => getMistakes(signal) });

export const useMistakes = (enabled = true) => useQuery({ ...mistakesQueryOptions(), enabled });
