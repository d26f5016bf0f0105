import type { LessonView, QuizSubmitBody, QuizSubmitResult } from '@portal/shared/progress';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { applyProgress } from './apply-progress';
import { courseKeys } from './course-keys';

export const submitQuiz = ({ lessonId, body }: { lessonId: string; body: QuizSubmitBody }) =>
  api.post<QuizSubmitResult>(`/api/lessons/${encodeURIComponent(lessonId)}/quiz-attempts`, body);

export const useSubmitQuiz = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuiz,
    // Grading is not repeated automatically: a retry would count as a second attempt.
    retry: false,
    onSuccess: (result) => {
      queryClient.setQueryData<LessonView>(courseKeys.lesson(result.progress.lesson_id), (view) =>
        view && view.content.kind === 'quiz'
          ? {
              ...view,
              content: {
                ...view.content,
                last_attempt: result.result,
                best_score: result.progress.best_score,
                attempts: result.progress.attempts,
              },
            }
          : view,
      );
      applyProgress(queryClient, { ...result, changes: result.changes });
      if (result.changes.quiz_passed_now) {
        void queryClient.invalidateQueries({ queryKey: courseKeys.learningStates() });
      }
    },
  });
};
