import type { Goal, GoalStatus } from '@portal/shared/goals';
import { CheckCircle2, PauseCircle, Plus, Target } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDeleteGoal } from '../api/delete-goal';
import { useGoals } from '../api/get-goals';
import { GoalCard } from '../components/goal-card';
import { GoalFormDialog } from '../components/goal-form-dialog';
import { GoalStats } from '../components/goal-stats';

const TABS = ['all', 'active', 'completed', 'paused'] as const satisfies ReadonlyArray<'all' | GoalStatus>;
type Tab = (typeof TABS)[number];

const STATUS_ORDER: Record<GoalStatus, number> = { active: 0, paused: 1, completed: 2 };

/** Open goals first, the most pressing on top: at risk, then the nearest deadline; completed ones last, newest first. */
function byUrgency(a: Goal, b: Goal): number {
  if (a.status !== b.status) return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  if (a.status === 'completed') return (b.completed_at ?? '').localeCompare(a.completed_at ?? '');
  if (a.at_risk !== b.at_risk) return a.at_risk ? -1 : 1;
  const deadline = (goal: Goal) => (goal.deadline ? Date.parse(goal.deadline) : Number.POSITIVE_INFINITY);
  return deadline(a) - deadline(b) || a.created_at.localeCompare(b.created_at);
}

const EMPTY_ICONS = { all: Target, active: Target, completed: CheckCircle2, paused: PauseCircle } as const;

export function GoalsPage() {
  const { t } = useTranslation('goals');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'all';
  const goals = useGoals();
  const [editing, setEditing] = useState<{ goal: Goal | null } | null>(null);
  const [deleting, setDeleting] = useState<Goal | null>(null);
  const remove = useDeleteGoal();
  const list = [...(goals.data?.goals ?? [])].sort(byUrgency);
  const inTab = (key: Tab) => (key === 'all' ? list : list.filter((goal) => goal.status === key));

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, title } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(t('toasts.deleted', { title }));
        setDeleting(null);
      },
      onError: () => toast.error(t('toasts.deleteFailed')),
    });
  };

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setEditing({ goal: null })}>
            <Plus aria-hidden="true" />
            {t('newGoal')}
          </Button>
        }
      />
      {goals.isPending ? <Spinner label={t('loading')} /> : null}
      {goals.isError ? <Alert variant="destructive">{t('loadFailed')}</Alert> : null}
      {goals.data ? (
        <>
          <GoalStats stats={goals.data.stats} />
          <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
            <TabsList aria-label={t('tabs.label')} className="h-auto flex-wrap">
              {TABS.map((key) => (
                <TabsTrigger key={key} value={key} className="min-h-8 gap-1.5">
                  {t(`tabs.${key}`)}
                  <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums">{inTab(key).length}</span>
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map((key) => {
              const shown = inTab(key);
              return (
                <TabsContent key={key} value={key}>
                  {shown.length > 0 ? (
                    <ul className="flex max-w-4xl flex-col gap-4">
                      {shown.map((goal) => (
                        <li key={goal.id}>
                          <GoalCard
                            goal={goal}
                            onEdit={(chosen) => setEditing({ goal: chosen })}
                            onDelete={setDeleting}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <EmptyState
                      icon={EMPTY_ICONS[key]}
                      title={t(`empty.${key}.title`)}
                      description={t(`empty.${key}.description`)}
                      action={
                        key === 'all' || key === 'active' ? (
                          <Button onClick={() => setEditing({ goal: null })}>
                            <Plus aria-hidden="true" />
                            {t('newGoal')}
                          </Button>
                        ) : undefined
                      }
                    />
                  )}
                </TabsContent>
              );
            })}
          </Tabs>
        </>
      ) : null}

      <GoalFormDialog
        open={editing !== null}
        goal={editing?.goal ?? null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <Dialog open={deleting !== null} onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
        <DialogContent closeLabel={t('form.close')}>
          <DialogTitle>{t('deleteDialog.title')}</DialogTitle>
          <DialogDescription>{t('deleteDialog.description', { title: deleting?.title ?? '' })}</DialogDescription>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setDeleting(null)}>
              {t('form.cancel')}
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirmDelete}>
              {t('deleteDialog.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
