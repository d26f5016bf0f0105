import type { QuizQuestion } from '@portal/shared/admin-courses';
import type { QuizQuestionInput } from '@portal/shared/course-authoring';
import { QUIZ_CHOICES_MAX, QUIZ_CHOICES_MIN, QUIZ_QUESTIONS_MAX, type QuestionKind } from '@portal/shared/course-rules';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

export type ChoiceDraft = { key: string; id?: string; text: string; correct: boolean };
export type QuestionDraft = {
  key: string;
  id?: string;
  kind: QuestionKind;
  prompt: string;
  choices: ChoiceDraft[];
  feedback_correct: string;
  feedback_incorrect: string;
};
export type QuizDraft = { pass_mark: number; questions: QuestionDraft[] };

let keySequence = 0;
const newKey = () => {
  keySequence += 1;
  return `draft-${keySequence}`;
};

const emptyChoice = (): ChoiceDraft => ({ key: newKey(), text: '', correct: false });

export const emptyQuestion = (): QuestionDraft => ({
  key: newKey(),
  kind: 'single',
  prompt: '',
  choices: [emptyChoice(), emptyChoice()],
  feedback_correct: '',
  feedback_incorrect: '',
});

export const emptyQuiz = (): QuizDraft => ({ pass_mark: 70, questions: [emptyQuestion()] });

export function quizDraftFrom(content: { pass_mark: number; questions: QuizQuestion[] }): QuizDraft {
  return {
    pass_mark: content.pass_mark,
    questions: content.questions.map((question) => ({
      key: newKey(),
      id: question.id,
      kind: question.kind,
      prompt: question.prompt,
      choices: question.choices.map((choice) => ({ key: newKey(), ...choice })),
      feedback_correct: question.feedback_correct,
      feedback_incorrect: question.feedback_incorrect,
    })),
  };
}

export function quizInputFrom(draft: QuizDraft): { pass_mark: number; questions: QuizQuestionInput[] } {
  return {
    pass_mark: draft.pass_mark,
    questions: draft.questions.map((question) => ({
      ...(question.id ? { id: question.id } : {}),
      kind: question.kind,
      prompt: question.prompt.trim(),
      choices: question.choices.map((choice) => ({
        ...(choice.id ? { id: choice.id } : {}),
        text: choice.text.trim(),
        correct: choice.correct,
      })),
      feedback_correct: question.feedback_correct.trim(),
      feedback_incorrect: question.feedback_incorrect.trim(),
    })),
  };
}

export type QuizProblem =
  | 'passMark'
  | 'noQuestions'
  | 'prompt'
  | 'fewChoices'
  | 'choiceText'
  | 'oneCorrect'
  | 'someCorrect';
export type QuizProblems = { quiz: QuizProblem[]; questions: Record<string, QuizProblem[]> };

/** The same rules the server applies, as keys the form can translate and place beside the field. */
export function findQuizProblems(draft: QuizDraft): QuizProblems {
  const quiz: QuizProblem[] = [];
  if (!Number.isInteger(draft.pass_mark) || draft.pass_mark < 0 || draft.pass_mark > 100) quiz.push('passMark');
  if (draft.questions.length === 0) quiz.push('noQuestions');
  const questions: Record<string, QuizProblem[]> = {};
  for (const question of draft.questions) {
    const problems: QuizProblem[] = [];
    if (!question.prompt.trim()) problems.push('prompt');
    if (question.choices.length < QUIZ_CHOICES_MIN) problems.push('fewChoices');
    if (question.choices.some((choice) => !choice.text.trim())) problems.push('choiceText');
    const correct = question.choices.filter((choice) => choice.correct).length;
    if (question.kind === 'single' && correct !== 1) problems.push('oneCorrect');
    if (question.kind === 'multiple' && correct < 1) problems.push('someCorrect');
    if (problems.length > 0) questions[question.key] = problems;
  }
  return { quiz, questions };
}

export const hasQuizProblems = (problems: QuizProblems) =>
  problems.quiz.length > 0 || Object.keys(problems.questions).length > 0;

function QuestionEditor({
  question,
  index,
  total,
  problems,
  onChange,
  onRemove,
  onMove,
}: {
  question: QuestionDraft;
  index: number;
  total: number;
  problems: QuizProblem[] | undefined;
  onChange: (question: QuestionDraft) => void;
  onRemove: () => void;
  onMove: (offset: -1 | 1) => void;
}) {
  const { t } = useTranslation('authoring');
  const ids = { prompt: useId(), kind: useId(), choices: useId() };
  const number = index + 1;
  const setChoice = (key: string, changes: Partial<ChoiceDraft>) =>
    onChange({
      ...question,
      choices: question.choices.map((choice) => {
        if (choice.key === key) return { ...choice, ...changes };
        // A single-choice question keeps exactly one correct answer.
        if (changes.correct && question.kind === 'single') return { ...choice, correct: false };
        return choice;
      }),
    });
  const setKind = (kind: QuestionKind) => {
    let seen = false;
    const choices =
      kind === 'single'
        ? question.choices.map((choice) => {
            const keep = choice.correct && !seen;
            if (choice.correct) seen = true;
            return { ...choice, correct: keep };
          })
        : question.choices;
    onChange({ ...question, kind, choices });
  };
  const choiceProblems = problems?.filter((problem) => problem !== 'prompt') ?? [];
  return (
    <fieldset
      className={cn(
        'flex flex-col gap-4 rounded-lg border border-border bg-card p-4',
        problems && 'border-destructive/70',
      )}
    >
      <legend className="px-1 text-sm font-semibold">{t('quiz.questionNumber', { number })}</legend>
      <div className="flex flex-wrap items-center justify-end gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('quiz.moveUp', { number })}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('quiz.moveDown', { number })}
          disabled={index === total - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="sm" disabled={total <= 1} onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          {t('quiz.removeQuestion', { number })}
        </Button>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.prompt}>{t('quiz.prompt')}</Label>
        <Textarea
          id={ids.prompt}
          rows={2}
          maxLength={1000}
          value={question.prompt}
          aria-invalid={problems?.includes('prompt') || undefined}
          aria-describedby={problems?.includes('prompt') ? `${ids.prompt}-error` : undefined}
          onChange={(event) => onChange({ ...question, prompt: event.target.value })}
        />
        {problems?.includes('prompt') ? (
          <p id={`${ids.prompt}-error`} className="text-sm text-destructive">
            {t('quiz.problems.prompt')}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5 sm:max-w-xs">
        <Label htmlFor={ids.kind}>{t('quiz.kind')}</Label>
        <Select value={question.kind} onValueChange={(value) => setKind(value as QuestionKind)}>
          <SelectTrigger id={ids.kind}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="single">{t('quiz.kinds.single')}</SelectItem>
            <SelectItem value="multiple">{t('quiz.kinds.multiple')}</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={`${ids.choices}-hint`}>
        <legend className="text-sm font-medium">{t('quiz.choices')}</legend>
        <p id={`${ids.choices}-hint`} className="text-xs text-muted-foreground">
          {question.kind === 'single' ? t('quiz.choicesHintSingle') : t('quiz.choicesHintMultiple')}
        </p>
        <ol className="flex flex-col gap-2">
          {question.choices.map((choice, choiceIndex) => (
            <li key={choice.key} className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
              <label className="flex min-h-10 items-center gap-2 text-sm">
                <input
                  type={question.kind === 'single' ? 'radio' : 'checkbox'}
                  name={`${ids.choices}-correct`}
                  checked={choice.correct}
                  onChange={(event) => setChoice(choice.key, { correct: event.target.checked })}
                  className="size-4 accent-[var(--palette-primary)]"
                />
                <span className="sr-only">{t('quiz.correctFor', { number: choiceIndex + 1 })}</span>
                <span aria-hidden="true" className="text-xs text-muted-foreground">
                  {t('quiz.correctShort')}
                </span>
              </label>
              <Input
                aria-label={t('quiz.choiceText', { number: choiceIndex + 1 })}
                value={choice.text}
                maxLength={500}
                onChange={(event) => setChoice(choice.key, { text: event.target.value })}
                className="min-w-0 flex-1 basis-48"
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('quiz.removeChoice', { number: choiceIndex + 1 })}
                disabled={question.choices.length <= QUIZ_CHOICES_MIN}
                onClick={() =>
                  onChange({ ...question, choices: question.choices.filter((entry) => entry.key !== choice.key) })
                }
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={question.choices.length >= QUIZ_CHOICES_MAX}
          onClick={() => onChange({ ...question, choices: [...question.choices, emptyChoice()] })}
        >
          <Plus aria-hidden="true" />
          {t('quiz.addChoice')}
        </Button>
        {choiceProblems.map((problem) => (
          <p key={problem} className="text-sm text-destructive">
            {t(`quiz.problems.${problem}`)}
          </p>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label={t('quiz.feedbackCorrect')}
          value={question.feedback_correct}
          maxLength={1000}
          onChange={(event) => onChange({ ...question, feedback_correct: event.target.value })}
        />
        <FormField
          label={t('quiz.feedbackIncorrect')}
          value={question.feedback_incorrect}
          maxLength={1000}
          onChange={(event) => onChange({ ...question, feedback_incorrect: event.target.value })}
        />
      </div>
    </fieldset>
  );
}

/** Questions, their choices and which are correct, feedback, and the pass mark. */
export function QuizBuilder({
  value,
  onChange,
  problems,
}: {
  value: QuizDraft;
  onChange: (value: QuizDraft) => void;
  problems: QuizProblems | null;
}) {
  const { t } = useTranslation('authoring');
  const setQuestion = (key: string, question: QuestionDraft) =>
    onChange({ ...value, questions: value.questions.map((entry) => (entry.key === key ? question : entry)) });
  const move = (index: number, offset: -1 | 1) => {
    const questions = [...value.questions];
    const [moved] = questions.splice(index, 1);
    if (!moved) return;
    questions.splice(index + offset, 0, moved);
    onChange({ ...value, questions });
  };
  return (
    <div className="flex flex-col gap-4">
      <FormField
        label={t('quiz.passMark')}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        value={Number.isFinite(value.pass_mark) ? value.pass_mark : ''}
        hint={t('quiz.passMarkHint')}
        error={problems?.quiz.includes('passMark') ? t('quiz.problems.passMark') : undefined}
        onChange={(event) => onChange({ ...value, pass_mark: Number.parseInt(event.target.value, 10) })}
        className="max-w-32"
      />
      {value.questions.map((question, index) => (
        <QuestionEditor
          key={question.key}
          question={question}
          index={index}
          total={value.questions.length}
          problems={problems?.questions[question.key]}
          onChange={(next) => setQuestion(question.key, next)}
          onRemove={() =>
            onChange({ ...value, questions: value.questions.filter((entry) => entry.key !== question.key) })
          }
          onMove={(offset) => move(index, offset)}
        />
      ))}
      <Button
        variant="outline"
        className="self-start"
        disabled={value.questions.length >= QUIZ_QUESTIONS_MAX}
        onClick={() => onChange({ ...value, questions: [...value.questions, emptyQuestion()] })}
      >
        <Plus aria-hidden="true" />
        {t('quiz.addQuestion')}
      </Button>
    </div>
  );
}
