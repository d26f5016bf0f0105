import type { AdminCourseDetail } from '@portal/shared/admin-courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const reorderModules = ({ courseId, moduleIds }: { courseId: string; moduleIds: string[] }) =>
  apiRequest<AdminCourseDetail>(`/api/admin/courses/${encodeURIComponent(courseId)}/module-order`, {
    method: 'PUT',
    body: { module_ids: moduleIds },
  });

/** Shows the new order at once and puts the old one back if the server refuses it. */
export const useReorderModules = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderModules,
    onMutate: async ({ courseId, moduleIds }) => {
      const key = authoringKeys.course(courseId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AdminCourseDetail>(key);
      if (previous) {
        const byId = new Map(previous.modules.map((module) => [module.id, module]));
        const modules = moduleIds.flatMap((id, position) => {
          const module = byId.get(id);
          return module ? [{ ...module, position }] : [];
        });
        queryClient.setQueryData<AdminCourseDetail>(key, { ...previous, modules });
      }
      return { previous };
    },
    onError: (_error, { courseId }, context) => {
      if (context?.previous) queryClient.setQueryData(authoringKeys.course(courseId), context.previous);
    },
    onSuccess: (detail) => queryClient.setQueryData(authoringKeys.course(detail.course.id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
