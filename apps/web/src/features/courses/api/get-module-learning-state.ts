import type { ModuleLearningStateView } from '@portal/shared/progress';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { courseKeys } from './course-keys';

export const getModuleLearningState = (moduleId: string, signal?: AbortSignal) =>
  api.get<ModuleLearningStateView>(`/api/learning-state/modules/${encodeURIComponent(moduleId)}`, signal);

export const moduleLearningStateQueryOptions = (moduleId: string) =>
  queryOptions({
    queryKey: courseKeys.moduleLearningState(moduleId),
    queryFn: ({ signal }) => getModuleLearningState(moduleId, signal),
    staleTime: 0,
  });

export const useModuleLearningState = (moduleId: string) => useQuery(moduleLearningStateQueryOptions(moduleId));
