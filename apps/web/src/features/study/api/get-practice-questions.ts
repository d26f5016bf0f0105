import type { PracticeQuestions } from '@portal/shared/practice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const PRACTICE_SET_SIZE = 10;

export const getPracticeQuestions = (limit: number, signal?: AbortSignal) =>
  api.get<PracticeQuestions>(`/api/practice/questions?limit=${limit}`, signal);

export const practiceQuestionsQueryOptions = (limit = PRACTICE_SET_SIZE) =>
  queryOptions({
    queryKey: ['practice', 'questions', limit],
    queryFn: ({ signal }) => getPracticeQuestions(limit, signal),
    // A set stays the same while the learner works through it; "Practise again" fetches a new one.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePracticeQuestions = () => useQuery(practiceQuestionsQueryOptions());
