import type { SlugSuggestion } from '@portal/shared/course-authoring';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

/** Whether a slug is free (the edited course's own slug counts as free), with a free alternative. */
export const checkSlug = (slug: string, courseId: string | undefined, signal?: AbortSignal) => {
  const params = new URLSearchParams({ slug });
  if (courseId) params.set('course_id', courseId);
  return api.get<SlugSuggestion>(`/api/admin/courses/slug-suggestion?${params}`, signal);
};

export const slugCheckQueryOptions = (slug: string, courseId: string | undefined) =>
  queryOptions({
    queryKey: authoringKeys.slugCheck(slug, courseId),
    queryFn: ({ signal }) => checkSlug(slug, courseId, signal),
    staleTime: 0,
  });

export const useSlugCheck = (slug: string, courseId: string | undefined, enabled: boolean) =>
  useQuery({ ...slugCheckQueryOptions(slug, courseId), enabled });
