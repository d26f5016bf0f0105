import type { GradedQuestion, LearnerQuizQuestion, QuizAttemptResult } from '@portal/shared/course-catalogue';
import { CheckCircle2, RotateCcw, XCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Chosen choice ids per question id. */
export type QuizAnswers = Record<string, string[]>;

function QuestionFieldset({
  question,
  index,
  selected,
  onChange,
  result,
  locked,
  missing,
  mistakeAction,
}: {
  mistakeAction?: ((questionId: string) => ReactNode) | undefined;
  question: LearnerQuizQuestion;
  index: number;
  selected: string[];
  onChange: (choiceIds: string[]) => void;
  result: GradedQuestion | undefined;
  locked: boolean;
  missing: boolean;
}) {
  const { t } = useTranslation('courses');
  const id = useId();
  const hintId = `${id}-hint`;
  const outcomeId = `${id}-outcome`;
  const describedBy = [hintId, result ? outcomeId : null, missing ? `${id}-missing` : null].filter(Boolean).join(' ');
  const toggle = (choiceId: string, checked: boolean) => {
    if (question.kind === 'single') onChange([choiceId]);
    else onChange(checked ? [...selected, choiceId] : selected.filter((entry) => entry !== choiceId));
  };
  return (
    <fieldset
      id={`question-${question.id}`}
      aria-describedby={describedBy}
      aria-invalid={missing || undefined}
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-border bg-card p-4',
        missing && 'border-destructive',
        result && (result.correct ? 'border-success' : 'border-destructive/60'),
      )}
    >
      <legend className="float-left w-full text-base font-medium">
        <span className="text-muted-foreground">{t('quiz.questionNumber', { number: index + 1 })} </span>
        {question.prompt}
      </legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        {question.kind === 'single' ? t('quiz.chooseOne') : t('quiz.chooseAll')}
      </p>
      <div className="flex flex-col gap-2">
        {question.choices.map((choice) => {
          const checked = selected.includes(choice.id);
          const wasCorrect = result?.correct_choice_ids.includes(choice.id);
          return (
            <label
              key={choice.id}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring has-[:checked]:border-primary has-[:checked]:bg-accent',
                locked && 'cursor-default',
              )}
            >
              <input
                type={question.kind === 'single' ? 'radio' : 'checkbox'}
                name={`${id}-choice`}
                value={choice.id}
                checked={checked}
                disabled={locked}
                onChange={(event) => toggle(choice.id, event.target.checked)}
                className="size-4 shrink-0 accent-[var(--palette-primary)]"
              />
              <span className="flex-1">{choice.text}</span>
              {result && wasCorrect ? (
                <span className="flex items-center gap-1 text-xs font-medium text-success">
                  <CheckCircle2 className="size-4" aria-hidden="true" />
                  {t('quiz.correctChoice')}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
      {missing ? (
        <p id={`${id}-missing`} className="text-sm text-destructive">
          {t('quiz.answerMissing')}
        </p>
      ) : null}
      {result ? (
        <div id={outcomeId} className="flex flex-col gap-1 text-sm">
          <p
            className={cn('flex items-center gap-2 font-medium', result.correct ? 'text-success' : 'text-destructive')}
          >
            {result.correct ? (
              <CheckCircle2 className="size-4" aria-hidden="true" />
            ) : (
              <XCircle className="size-4" aria-hidden="true" />
            )}
            {result.correct ? t('quiz.correct') : t('quiz.incorrect')}
          </p>
          {result.feedback ? <p className="text-muted-foreground">{result.feedback}</p> : null}
          {result.correct ? null : mistakeAction?.(question.id)}
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * Single- and multiple-choice questions built from native radio buttons and checkboxes, so keyboards and
 * screen readers work as they expect. The server grades; this shows its score, pass/fail and feedback.
 */
export function QuizForm({
  questions,
  passMark,
  onSubmit,
  submitting = false,
  result,
  onRetry,
  error,
  mistakeAction,
}: {
  /** Shown under each question answered wrong (e.g. "Make a card"). */
  mistakeAction?: (questionId: string) => ReactNode;
  questions: LearnerQuizQuestion[];
  passMark: number;
  onSubmit: (answers: QuizAnswers) => void;
  submitting?: boolean;
  result?: QuizAttemptResult | null;
  onRetry?: () => void;
  error?: string | null;
}) {
  const { t } = useTranslation('courses');
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [showMissing, setShowMissing] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const shownOnMount = useRef(result);
  const missing = questions.filter((question) => (answers[question.id] ?? []).length === 0);

  // A new grading moves focus to the score; a result that was already there on arrival does not steal focus.
  useEffect(() => {
    if (result && result !== shownOnMount.current) resultRef.current?.focus();
  }, [result]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (result || submitting) return;
    if (missing.length > 0) {
      setShowMissing(true);
      document.getElementById(`question-${missing[0]?.id}`)?.querySelector('input')?.focus();
      return;
    }
    onSubmit(answers);
  };
  const retry = () => {
    setAnswers({});
    setShowMissing(false);
    onRetry?.();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t('quiz.passMark', { percent: passMark })}</p>
      {questions.map((question, index) => (
        <QuestionFieldset
          key={question.id}
          question={question}
          index={index}
          selected={
            result
              ? (result.questions.find((entry) => entry.question_id === question.id)?.selected_choice_ids ?? [])
              : (answers[question.id] ?? [])
          }
          onChange={(choiceIds) => setAnswers((current) => ({ ...current, [question.id]: choiceIds }))}
          result={result?.questions.find((entry) => entry.question_id === question.id)}
          locked={Boolean(result) || submitting}
          missing={showMissing && missing.includes(question)}
          mistakeAction={mistakeAction}
        />
      ))}
      {showMissing && missing.length > 0 ? (
        <Alert variant="destructive">{t('quiz.answerAll', { missing: missing.length })}</Alert>
      ) : null}
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      {result ? (
        <div
          ref={resultRef}
          tabIndex={-1}
          role="status"
          className={cn(
            'flex flex-col gap-3 rounded-lg border p-4 focus:outline-none focus-visible:outline-2 focus-visible:outline-ring',
            result.passed ? 'border-success/40 bg-success/10' : 'border-warning/50 bg-warning/10',
          )}
        >
          <p className="text-lg font-semibold">
            {result.passed ? t('quiz.passed', { score: result.score }) : t('quiz.failed', { score: result.score })}
          </p>
          <p className="text-sm">
            {result.passed ? t('quiz.passedHint') : t('quiz.failedHint', { percent: result.pass_mark })}
          </p>
          {onRetry ? (
            <Button variant="outline" className="self-start" onClick={retry}>
              <RotateCcw aria-hidden="true" />
              {t('quiz.tryAgain')}
            </Button>
          ) : null}
        </div>
      ) : (
        <Button type="submit" className="self-start" disabled={submitting}>
          {submitting ? t('quiz.submitting') : t('quiz.submit')}
        </Button>
      )}
    </form>
  );
}
