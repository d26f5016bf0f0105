import type { AdminCourseDetail } from '@portal/shared/admin-courses';
import type { LessonOrderBody } from '@portal/shared/course-authoring';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

/** Sends the full layout: every module with its lessons in order. */
export const reorderLessons = ({ courseId, layout }: { courseId: string; slug: string; layout: LessonOrderBody }) =>
  apiRequest<AdminCourseDetail>(`/api/admin/courses/${encodeURIComponent(courseId)}/lesson-order`, {
    method: 'PUT',
    body: layout,
  });

/** Shows the new order at once and puts the old one back if the server refuses it. */
export const useReorderLessons = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderLessons,
    onMutate: async ({ slug, layout }) => {
      const key = authoringKeys.courseBySlug(slug);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AdminCourseDetail>(key);
      if (previous) {
        const lessons = new Map(
          previous.modules.flatMap((module) => module.lessons).map((lesson) => [lesson.id, lesson]),
        );
        const modules = previous.modules.map((module) => {
          const order = layout.modules.find((entry) => entry.module_id === module.id);
          if (!order) return module;
          return {
            ...module,
            lessons: order.lesson_ids.flatMap((id, position) => {
              const lesson = lessons.get(id);
              return lesson ? [{ ...lesson, module_id: module.id, position }] : [];
            }),
          };
        });
        queryClient.setQueryData<AdminCourseDetail>(key, { ...previous, modules });
      }
      return { previous };
    },
    onError: (_error, { slug }, context) => {
      if (context?.previous) queryClient.setQueryData(authoringKeys.courseBySlug(slug), context.previous);
    },
    onSuccess: (detail) => queryClient.setQueryData(authoringKeys.courseBySlug(detail.course.slug), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
