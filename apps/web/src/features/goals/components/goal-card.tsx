import type { Goal } from '@portal/shared/goals';
import { AlertTriangle, CheckCircle2, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useDisplayFormats } from '@/lib/profile';
import { cn } from '@/lib/utils';
import { type GoalStatusAction, useChangeGoalStatus } from '../api/change-goal-status';
import { useSetChecklistItem } from '../api/set-checklist-item';

/** "40% of the course done", "20 of 60 minutes this week", "1 of 3 steps done". */
export function useProgressText() {
  const { t } = useTranslation('goals');
  return (goal: Goal) => {
    const { current, target, percent, unit } = goal.progress;
    return t(`progress.${unit}`, { current, target, percent });
  };
}

function useDeadlineText() {
  const { t } = useTranslation('goals');
  const { formatLocalDate, formatDate } = useDisplayFormats();
  return (goal: Goal): string | null => {
    if (goal.status === 'completed' && goal.completed_at) {
      return t('deadline.completed', { date: formatDate(new Date(goal.completed_at)) });
    }
    if (goal.period) {
      // The last day of the week is the day before the next Monday starts.
      const lastDay = formatDate(new Date(Date.parse(goal.period.ends_at) - 1));
      return goal.due_date
        ? t('deadline.weekUntil', { date: lastDay, until: formatLocalDate(goal.due_date) })
        : t('deadline.week', { date: lastDay });
    }
    if (!goal.due_date) return null;
    const overdue = goal.deadline !== null && Date.parse(goal.deadline) <= Date.now();
    return t(overdue ? 'deadline.overdue' : 'deadline.due', { date: formatLocalDate(goal.due_date) });
  };
}

export function GoalCard({
  goal,
  onEdit,
  onDelete,
}: {
  goal: Goal;
  onEdit: (goal: Goal) => void;
  onDelete: (goal: Goal) => void;
}) {
  const { t } = useTranslation('goals');
  const titleId = useId();
  const progressText = useProgressText();
  const deadlineText = useDeadlineText();
  const changeStatus = useChangeGoalStatus();
  const setItem = useSetChecklistItem();
  const deadline = deadlineText(goal);
  const busy = changeStatus.isPending;

  const act = (action: GoalStatusAction) =>
    changeStatus.mutate(
      { goalId: goal.id, action },
      {
        onSuccess: () => toast.success(t(`toasts.${action}`, { title: goal.title })),
        onError: () => toast.error(t('toasts.statusFailed')),
      },
    );

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-4 rounded-lg border border-border bg-card p-5 shadow-sm',
        goal.at_risk && 'border-warning/60',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="break-words text-lg font-semibold leading-tight">
            {goal.title}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{t(`kinds.${goal.kind}.label`)}</Badge>
            {goal.status !== 'active' ? (
              <Badge className="bg-muted text-foreground">{t(`status.${goal.status}`)}</Badge>
            ) : null}
            {goal.at_risk ? (
              <Badge className="gap-1 bg-warning/15 text-foreground">
                <AlertTriangle className="size-3.5" aria-hidden="true" />
                {t('atRisk')}
              </Badge>
            ) : null}
          </div>
        </div>
        <span className="text-2xl font-semibold tabular-nums" aria-hidden="true">
          {goal.progress.percent}%
        </span>
      </div>

      {goal.description ? <p className="break-words text-sm text-muted-foreground">{goal.description}</p> : null}
      {goal.course ? (
        <p className="text-sm">
          {t('course')}{' '}
          <Link
            className="font-medium text-primary underline-offset-4 hover:underline"
            to={`/dashboard/learner/course/${goal.course.id}`}
          >
            {goal.course.title}
          </Link>
        </p>
      ) : null}

      <div className="flex flex-col gap-2">
        <ProgressBar
          value={goal.progress.percent}
          label={t('progressLabel', { title: goal.title })}
          valueText={progressText(goal)}
          tone={goal.at_risk ? 'warning' : 'default'}
          className="h-2.5"
        />
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>{progressText(goal)}</span>
          {deadline ? <span>{deadline}</span> : null}
        </div>
      </div>

      {goal.kind === 'checklist' ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('checklist.legend')}</legend>
          {goal.items.map((item) => (
            <label key={item.id} className="flex min-h-8 cursor-pointer items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-[var(--color-primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed"
                checked={item.done}
                disabled={goal.status === 'completed'}
                onChange={(event) =>
                  setItem.mutate(
                    { goalId: goal.id, itemId: item.id, done: event.target.checked },
                    { onError: () => toast.error(t('toasts.itemFailed')) },
                  )
                }
              />
              <span className={cn('break-words', item.done && 'text-muted-foreground line-through')}>{item.label}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        <Button
          size="sm"
          variant="outline"
          onClick={() => onEdit(goal)}
          aria-label={t('actions.editGoal', { title: goal.title })}
        >
          <Pencil aria-hidden="true" />
          {t('actions.edit')}
        </Button>
        {goal.status === 'active' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => act('pause')}
            aria-label={t('actions.pauseGoal', { title: goal.title })}
          >
            <Pause aria-hidden="true" />
            {t('actions.pause')}
          </Button>
        ) : null}
        {goal.status === 'paused' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => act('resume')}
            aria-label={t('actions.resumeGoal', { title: goal.title })}
          >
            <Play aria-hidden="true" />
            {t('actions.resume')}
          </Button>
        ) : null}
        {goal.status !== 'completed' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => act('complete')}
            aria-label={t('actions.completeGoal', { title: goal.title })}
          >
            <CheckCircle2 aria-hidden="true" />
            {t('actions.complete')}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:bg-destructive/10 sm:ml-auto"
          onClick={() => onDelete(goal)}
          aria-label={t('actions.deleteGoal', { title: goal.title })}
        >
          <Trash2 aria-hidden="true" />
          {t('actions.delete')}
        </Button>
      </div>
    </article>
  );
}
