import type { QuizAttemptResult } from '@portal/shared/course-catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardMakers } from '@/lib/card-makers';
import { useSubmitQuiz } from '../../api/submit-quiz';
import { useCourseErrorText } from '../../hooks/use-course-error-text';
import { QuizForm } from '../quiz-form';
import type { LessonBodyProps } from './types';

/** The server grades each attempt; the latest one is shown until the learner tries again. */
export function QuizLesson({ view, onChanges }: LessonBodyProps<'quiz'>) {
  const { t } = useTranslation('courses');
  const errorText = useCourseErrorText();
  const { QuizMistakeCard } = useCardMakers();
  const submit = useSubmitQuiz();
  const { content } = view;
  const [shown, setShown] = useState<QuizAttemptResult | null>(content.last_attempt);
  // A fresh form for each new try.
  const [round, setRound] = useState(0);

  return (
    <div className="flex flex-col gap-3">
      {content.attempts > 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('quiz.history', { attempts: content.attempts, best: content.best_score ?? 0 })}
        </p>
      ) : null}
      <QuizForm
        key={round}
        questions={content.questions}
        passMark={content.pass_mark}
        submitting={submit.isPending}
        result={shown}
        mistakeAction={
          QuizMistakeCard
            ? (questionId) => (
                <QuizMistakeCard
                  key={`${shown?.submitted_at ?? ''}-${questionId}`}
                  lessonId={view.lesson.id}
                  questionId={questionId}
                />
              )
            : undefined
        }
        error={submit.isError ? errorText(submit.error) : null}
        onSubmit={(answers) =>
          submit.mutate(
            {
              lessonId: view.lesson.id,
              body: {
                answers: Object.entries(answers).map(([questionId, choiceIds]) => ({
                  question_id: questionId,
                  choice_ids: choiceIds,
                })),
              },
            },
            {
              onSuccess: (result) => {
                setShown(result.result);
                onChanges(result.changes);
              },
            },
          )
        }
        onRetry={() => {
          submit.reset();
          setShown(null);
          setRound((value) => value + 1);
        }}
      />
    </div>
  );
}
