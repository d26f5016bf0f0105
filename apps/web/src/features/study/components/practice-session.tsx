import type { PracticeCheckResult, PracticeQuestion } from '@portal/shared/practice';
import type { StudySession } from '@portal/shared/study';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpenCheck, CheckCircle2, Play, Square, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useCheckPracticeAnswer } from '../api/check-practice-answer';
import { practiceQuestionsQueryOptions, usePracticeQuestions } from '../api/get-practice-questions';
import { useStartStudySession } from '../api/start-study-session';
import { useStopStudySession } from '../api/stop-study-session';
import { formatClock, useSessionClock } from '../hooks/use-session-clock';

/** Practice: quiz questions from completed lessons, answered one by one with feedback, logged as a study session. */
export function PracticeSession({ session, clockOffsetMs }: { session: StudySession | null; clockOffsetMs: number }) {
  const { t } = useTranslation('study');
  const questions = usePracticeQuestions();
  const start = useStartStudySession();
  const stop = useStopStudySession();
  const active = useSessionClock(session, clockOffsetMs);

  if (questions.isPending) return <Spinner label={t('practice.loading')} />;
  if (questions.isError) return <Alert variant="destructive">{t('practice.loadFailed')}</Alert>;
  const list = questions.data.questions;
  if (list.length === 0) {
    return (
      <EmptyState
        icon={BookOpenCheck}
        title={t('practice.emptyTitle')}
        description={t('practice.emptyDescription')}
        action={
          <Button asChild>
            <Link to="/dashboard/learner/library">{t('practice.emptyAction')}</Link>
          </Button>
        }
      />
    );
  }
  if (!session) {
    return (
      <Card className="flex flex-col items-start gap-4 p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <BookOpenCheck className="size-5 text-primary" aria-hidden="true" />
          {t('practice.readyTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('practice.readyDescription', { count: list.length })}</p>
        <Button
          size="lg"
          disabled={start.isPending}
          onClick={() => start.mutate('practice', { onError: () => toast.error(t('actionFailed')) })}
        >
          <Play aria-hidden="true" />
          {t('practice.start')}
        </Button>
      </Card>
    );
  }
  const finish = () =>
    stop.mutate(session.id, {
      onSuccess: ({ session: ended }) => toast.success(t('saved', { minutes: Math.floor(ended.focused_seconds / 60) })),
      onError: () => toast.error(t('actionFailed')),
    });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {t('practice.elapsed')} <span className="font-mono tabular-nums text-foreground">{formatClock(active)}</span>
        </p>
        <Button variant="outline" size="sm" disabled={stop.isPending} onClick={finish}>
          <Square aria-hidden="true" />
          {t('practice.end')}
        </Button>
      </div>
      <PracticeRunner key={questions.dataUpdatedAt} questions={list} onFinish={finish} finishing={stop.isPending} />
    </div>
  );
}

function PracticeRunner({
  questions,
  onFinish,
  finishing,
}: {
  questions: PracticeQuestion[];
  onFinish: () => void;
  finishing: boolean;
}) {
  const { t } = useTranslation('study');
  const queryClient = useQueryClient();
  const legendId = useId();
  const check = useCheckPracticeAnswer();
  const [index, setIndex] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [result, setResult] = useState<PracticeCheckResult | null>(null);
  const [correct, setCorrect] = useState(0);
  const question = questions[index];

  if (!question) {
    return (
      <Card className="flex flex-col items-start gap-4 p-6">
        <h2 className="text-lg font-semibold">{t('practice.summaryTitle')}</h2>
        <p>{t('practice.summary', { correct, total: questions.length })}</p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onFinish} disabled={finishing}>
            {t('practice.finish')}
          </Button>
          <Button
            variant="outline"
            onClick={() => void queryClient.resetQueries({ queryKey: practiceQuestionsQueryOptions().queryKey })}
          >
            {t('practice.again')}
          </Button>
        </div>
      </Card>
    );
  }

  const multiple = question.kind === 'multiple';
  const toggle = (choiceId: string, checked: boolean) =>
    setSelected((current) =>
      multiple ? (checked ? [...current, choiceId] : current.filter((id) => id !== choiceId)) : [choiceId],
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (result) {
      setIndex(index + 1);
      setSelected([]);
      setResult(null);
      return;
    }
    check.mutate(
      { question_id: question.id, choice_ids: selected },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (answer.correct) setCorrect((count) => count + 1);
        },
        onError: () => toast.error(t('practice.checkFailed')),
      },
    );
  };

  return (
    <Card className="p-6">
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <p className="text-sm text-muted-foreground">
          {t('practice.progress', { number: index + 1, total: questions.length })} ·{' '}
          {t('practice.source', { course: question.course_title, lesson: question.lesson_title })}
        </p>
        <fieldset className="flex flex-col gap-2" aria-describedby={`${legendId}-hint`}>
          <legend id={legendId} className="mb-1 text-lg font-semibold">
            {question.prompt}
          </legend>
          <p id={`${legendId}-hint`} className="text-sm text-muted-foreground">
            {multiple ? t('practice.chooseMany') : t('practice.chooseOne')}
          </p>
          {question.choices.map((choice) => {
            const isCorrect = result?.correct_choice_ids.includes(choice.id) ?? false;
            const isSelected = selected.includes(choice.id);
            return (
              <label
                key={choice.id}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border p-3 text-sm',
                  isSelected && !result && 'border-primary bg-accent',
                  result && isCorrect && 'border-success bg-success/10',
                  result && isSelected && !isCorrect && 'border-destructive bg-destructive/10',
                )}
              >
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`choice-${question.id}`}
                  className="size-5 shrink-0 accent-[var(--color-primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  checked={isSelected}
                  disabled={result !== null}
                  onChange={(event) => toggle(choice.id, event.target.checked)}
                />
                <span className="flex-1">{choice.text}</span>
                {result && isCorrect ? (
                  <span className="flex items-center gap-1 text-xs font-medium">
                    <CheckCircle2 className="size-4" aria-hidden="true" />
                    {t('practice.correctChoice')}
                  </span>
                ) : null}
              </label>
            );
          })}
        </fieldset>
        {result ? (
          <Alert variant={result.correct ? 'success' : 'destructive'} className="flex items-start gap-2">
            {result.correct ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            <span>
              <strong>{result.correct ? t('practice.correct') : t('practice.incorrect')}</strong>
              {result.feedback ? ` ${result.feedback}` : ''}
            </span>
          </Alert>
        ) : null}
        <div>
          <Button type="submit" disabled={check.isPending || (!result && selected.length === 0)}>
            {result ? (index + 1 < questions.length ? t('practice.next') : t('practice.results')) : t('practice.check')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
