import type { CourseProgressSummary } from '@portal/shared/course-catalogue';
import type { CompletionChange, CourseOutline, LessonProgress, LessonView } from '@portal/shared/progress';
import type { QueryClient } from '@tanstack/react-query';
import { courseKeys } from './course-keys';

/**
 * Puts what a progress report or quiz answer returned into the cached lesson and outline at once; when
 * something was completed, everything that summarises progress (locks, library, learning state) is refetched.
 */
export function applyProgress(
  queryClient: QueryClient,
  update: { progress: LessonProgress; course_progress: CourseProgressSummary; changes: CompletionChange },
) {
  const { progress, course_progress: courseProgress, changes } = update;
  queryClient.setQueryData<LessonView>(courseKeys.lesson(progress.lesson_id), (view) =>
    view ? { ...view, progress } : view,
  );
  queryClient.setQueriesData<CourseOutline>({ queryKey: courseKeys.outlines() }, (outline) => {
    if (!outline || outline.course.id !== courseProgress.course_id) return outline;
    return {
      ...outline,
      progress: courseProgress,
      modules: outline.modules.map((module) => ({
        ...module,
        lessons: module.lessons.map((lesson) => (lesson.id === progress.lesson_id ? { ...lesson, progress } : lesson)),
      })),
    };
  });
  const completedSomething =
    changes.lesson_completed_now || changes.module_completed_now || changes.course_completed_now;
  if (completedSomething) {
    void queryClient.invalidateQueries({ queryKey: courseKeys.outlines() });
    void queryClient.invalidateQueries({ queryKey: courseKeys.learningStates() });
    void queryClient.invalidateQueries({ queryKey: courseKeys.library() });
    void queryClient.invalidateQueries({ queryKey: courseKeys.catalogues() });
  }
  // A finished module may unlock the next one: the lesson's own "Next" link says whether it is locked.
  if (changes.module_completed_now || changes.course_completed_now) {
    void queryClient.invalidateQueries({ queryKey: courseKeys.lesson(progress.lesson_id) });
  }
}
