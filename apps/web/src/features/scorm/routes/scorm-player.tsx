import type { ScormPlayerSession } from '@portal/shared/scorm';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Circle, CircleCheck, CircleDot, ListTree, Package } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { usePageTitle } from '@/lib/page-title';
import { cn } from '@/lib/utils';
import { type PlayerTarget, usePlayerSession } from '../api/get-player-session';
import { scormKeys } from '../api/scorm-keys';
import { useSelfEnrollScormPackage } from '../api/self-enroll-scorm-package';
import { LockedMark } from '../components/launch-rules-notice';
import { PlayerFooter, PlayerNotices } from '../components/player-chrome';
import { isStaff, PlayerLoadError } from '../components/player-load-error';
import { ScoFrame, type TerminateHandler } from '../components/sco-frame';
import { TocList } from '../components/scorm-toc';
import {
  flattenActivities,
  lockedScosOf,
  type NavActivity,
  parseNavRequest,
  simpleNavigationFor,
} from '../runtime/navigation';
import type { ScoRuntime } from '../runtime/sco-runtime';
import type { SequencingOutcome } from '../runtime/sequencer';
import { useSequencer } from '../runtime/use-sequencer';

/** The SCORM player, outside the dashboard layout: preview (nothing recorded) and launch (an enrolment). */
export function ScormPlayer() {
  const { t } = useTranslation('scorm');
  const { packageId, enrollmentId, scoId } = useParams();
  const me = useMe();
  const target = useMemo<PlayerTarget | null>(
    () => (enrollmentId ? { mode: 'launch', enrollmentId } : packageId ? { mode: 'preview', packageId } : null),
    [enrollmentId, packageId],
  );
  const session = usePlayerSession(target ?? { mode: 'preview', packageId: '' });
  const mode = target?.mode ?? 'preview';
  const heading = mode === 'preview' ? t('player.previewTitle') : t('player.launchTitle');
  usePageTitle(session.data?.package.title ?? heading);

  if (session.isPending) {
    return (
      <main id="main" className="flex min-h-screen items-center justify-center">
        <h1 className="sr-only">{heading}</h1>
        <Spinner label={t('player.loading')} />
      </main>
    );
  }
  if (session.isError) {
    return <PlayerLoadError error={session.error} mode={mode} heading={heading} staff={isStaff(me.data?.role)} />;
  }
  return (
    <LoadedPlayer
      key={session.data.package.id}
      target={target as PlayerTarget}
      session={session.data}
      scoId={scoId ?? null}
    />
  );
}

/** Footer and contents when nothing may be opened: every SCO listed as the manifest shows it, none choosable. */
const LOCKED_NAVIGATION = {
  previousEnabled: false,
  continueEnabled: false,
  showPrevious: true,
  showContinue: true,
  canChoose: (_activity: NavActivity) => false,
  isListed: (activity: NavActivity) => activity.item.is_visible,
};

function LoadedPlayer({
  target,
  session,
  scoId,
}: {
  target: PlayerTarget;
  session: ScormPlayerSession;
  scoId: string | null;
}) {
  const { t } = useTranslation('scorm');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const selfEnroll = useSelfEnrollScormPackage();
  const [tocOpen, setTocOpen] = useState(false);
  const [stoppedSimple, setStoppedSimple] = useState(false);
  // The SCO in delivery, and whether the learner's navigation waits for it to unload and its data to be stored.
  const runtime = useRef<ScoRuntime | null>(null);
  const [leaving, setLeaving] = useState(false);
  const leavingRef = useRef(false);
  // The end of the sequencing session the SCO's own exit led to while the learner's navigation unloaded it.
  const endedWhileLeaving = useRef<SequencingOutcome | null>(null);

  const organization =
    session.organizations.find((candidate) => candidate.id === session.default_organization_id) ??
    session.organizations[0];
  const activities = useMemo(
    () => (organization ? flattenActivities(organization, session.scos) : []),
    [organization, session.scos],
  );
  const fallback =
    activities.find((activity) => activity.sco.id === session.resume_sco_id) ??
    activities.find((activity) => activity.item.is_visible) ??
    activities[0];
  const requested = activities.find((activity) => activity.sco.id === scoId) ?? fallback ?? null;
  // SCORM 2004 navigates through the sequencing engine; SCORM 1.2 has no sequencing and keeps the simple rules.
  const {
    player: sequencing,
    apply,
    movedOn,
  } = useSequencer({
    enabled: session.package.version !== '1.2' && organization !== undefined && activities.length > 0,
    target,
    organization,
    scos: session.scos,
    requestedItemId: requested?.item.item_id ?? null,
    historyItemId:
      target.mode === 'launch'
        ? (activities.find((activity) => activity.sco.id === session.resume_sco_id)?.item.item_id ?? null)
        : null,
    onSaveProblem: () => toast.error(t('player.commitProblem'), { id: 'scorm-sequencing-save' }),
  });
  const engine = sequencing.status === 'ready' ? sequencing : null;
  const current = engine
    ? (activities.find((activity) => activity.item.item_id === engine.itemId) ?? null)
    : sequencing.status === 'off'
      ? requested
      : null;
  // SCORM 1.2 prerequisites the learner has not met keep their SCOs locked (the server refuses them too).
  const locked = useMemo(() => lockedScosOf(session), [session]);
  const simple = simpleNavigationFor({ activities, currentScoId: current?.sco.id ?? null, locked });
  // Nothing can be opened while the engine's state loads (or failed to), nor after another window moved the course
  // on: this one neither navigates nor saves until a reload.
  const navigation = movedOn
    ? LOCKED_NAVIGATION
    : engine
      ? {
          previousEnabled: engine.view.previousEnabled,
          continueEnabled: engine.view.continueEnabled,
          showPrevious: !engine.view.hideLmsUi.has('previous'),
          showContinue: !engine.view.hideLmsUi.has('continue'),
          canChoose: (activity: NavActivity) => engine.view.choosable.has(activity.item.item_id),
          isListed: (activity: NavActivity) =>
            activity.item.is_visible && !engine.view.hidden.has(activity.item.item_id),
        }
      : sequencing.status === 'off'
        ? {
            ...simple,
            previousEnabled: simple.previous !== null,
            continueEnabled: simple.next !== null,
            showPrevious: true,
            showContinue: true,
          }
        : LOCKED_NAVIGATION;
  const ended = engine ? engine.stopped || engine.finished : stoppedSimple;

  const pathFor = (activity: NavActivity) =>
    target.mode === 'launch'
      ? `/scorm/launch/${target.enrollmentId}/${activity.sco.id}`
      : `/scorm/preview/${target.packageId}/${activity.sco.id}`;
  const go = (activity: NavActivity | null | undefined) => {
    if (!activity) return;
    setStoppedSimple(false);
    setTocOpen(false);
    void navigate(pathFor(activity));
  };
  /**
   * The learner navigates with the player: the SCO in delivery unloads first (it may end its session as it goes)
   * and what it set is stored, then `next` runs. Clicks while that happens do nothing.
   */
  const leaveThen = (next: () => void) => {
    if (leavingRef.current) return;
    const current = runtime.current;
    if (!current) return next();
    leavingRef.current = true;
    endedWhileLeaving.current = null;
    setLeaving(true);
    void current.unload().then(() => {
      leavingRef.current = false;
      setLeaving(false);
      next();
    });
  };

  // The address follows the activity the engine delivers, so a reload reopens it.
  const deliveredScoId = engine && current ? current.sco.id : null;
  useEffect(() => {
    if (!deliveredScoId || deliveredScoId === scoId) return;
    void navigate(
      target.mode === 'launch'
        ? `/scorm/launch/${target.enrollmentId}/${deliveredScoId}`
        : `/scorm/preview/${target.packageId}/${deliveredScoId}`,
      { replace: true },
    );
  }, [deliveredScoId, scoId, navigate, target]);

  /** A learner's Continue, Previous or choice through the engine; a refusal leaves the SCO running. */
  const request = (kind: 'continue' | 'previous' | 'choice', activity?: NavActivity) => {
    if (!engine) return;
    setTocOpen(false);
    // Choosing the activity already in delivery keeps it; the engine would end and restart its attempt.
    if (kind === 'choice' && activity?.item.item_id === engine.itemId && !ended) return;
    leaveThen(() => {
      // The SCO's exit as it unloaded already ended the course (its post-condition rules, e.g. exitAll): the
      // learner's navigation has nowhere further to go.
      if (endedWhileLeaving.current) return apply(endedWhileLeaving.current, true);
      const outcome = engine.sequencer.navigate(kind, activity?.item.item_id);
      if (outcome.kind === 'stay') {
        toast.error(t('player.navigationBlocked'));
        // The SCO has unloaded already: deliver the current activity again, resuming what it stored.
        if (engine.itemId) return apply({ kind: 'deliver', itemId: engine.itemId }, true);
      }
      apply(outcome, true);
    });
  };
  const onPrevious = () => (engine ? request('previous') : leaveThen(() => go(simple.previous)));
  const onContinue = () => (engine ? request('continue') : leaveThen(() => go(simple.next)));
  const onChoose = (activity: NavActivity) => (engine ? request('choice', activity) : leaveThen(() => go(activity)));

  const latest = useRef({ simple, activities, engine, apply, movedOn });
  latest.current = { simple, activities, engine, apply, movedOn };
  const onTerminate: TerminateHandler = (navRequest, api) => {
    if (target.mode === 'launch') {
      void queryClient.invalidateQueries({ queryKey: scormKeys.launchSession(target.enrollmentId) });
      void queryClient.invalidateQueries({ queryKey: scormKeys.myEnrollments() });
    }
    const { simple: nav, activities: all, engine: sequenced, apply: applyOutcome, movedOn: stale } = latest.current;
    if (sequenced) {
      // The course moved on in another window: nothing more is delivered here until a reload.
      if (stale) return;
      if (!api) return;
      // The engine's copy of the SCO's API has processed its navigation request (or its plain exit) by now. While
      // the learner's own navigation unloads the SCO, that navigation decides where to go.
      const outcome: SequencingOutcome | null = sequenced.sequencer.afterTerminate(api);
      if (outcome && !leavingRef.current) applyOutcome(outcome, false);
      else if (outcome?.kind === 'end') endedWhileLeaving.current = outcome;
      return;
    }
    if (leavingRef.current) return;
    const parsed = parseNavRequest(navRequest);
    if (parsed?.kind === 'continue' && nav.next) return go(nav.next);
    if (parsed?.kind === 'previous' && nav.previous) return go(nav.previous);
    if ((parsed?.kind === 'choice' || parsed?.kind === 'jump') && parsed.target) {
      const chosen = all.find((activity) => activity.item.item_id === parsed.target);
      if (chosen) return go(chosen);
    }
    setStoppedSimple(true);
  };

  const showToc = activities.filter(navigation.isListed).length > 1;
  const itemIds = useMemo(() => activities.map((activity) => activity.item.item_id), [activities]);
  const progressOf = (activity: NavActivity) => session.progress.find((entry) => entry.sco_id === activity.sco.id);
  const backTo =
    target.mode === 'preview' ? `/dashboard/scorm/packages/${session.package.id}` : '/dashboard/learner/library';

  return (
    <div className="flex h-dvh flex-col bg-background">
      <header className="flex flex-wrap items-center gap-3 border-b border-border bg-card px-4 py-2">
        <Button variant="ghost" size="sm" asChild>
          <Link
            to={backTo}
            // Leaving the player unloads the SCO first, so what it sets as it unloads is stored before the page goes.
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              leaveThen(() => void navigate(backTo));
            }}
          >
            <ArrowLeft aria-hidden="true" />
            {t('player.back')}
          </Link>
        </Button>
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold">{session.package.title}</h1>
        {target.mode === 'preview' ? <Badge>{t('player.previewBadge')}</Badge> : null}
        {session.can_self_enroll && target.mode === 'preview' ? (
          <Button
            size="sm"
            disabled={selfEnroll.isPending}
            onClick={() =>
              selfEnroll.mutate(session.package.id, {
                onSuccess: (enrollmentId) =>
                  void navigate(`/scorm/launch/${enrollmentId}/${current?.sco.id ?? session.scos[0]?.id ?? ''}`),
                onError: () => toast.error(t('player.selfEnrollFailed')),
              })
            }
          >
            {t('player.selfEnroll')}
          </Button>
        ) : null}
        {showToc ? (
          <Button
            variant="outline"
            size="sm"
            className="lg:hidden"
            aria-expanded={tocOpen}
            aria-controls="scorm-toc"
            onClick={() => setTocOpen((open) => !open)}
          >
            <ListTree aria-hidden="true" />
            {t('player.contents')}
          </Button>
        ) : null}
      </header>
      <div className="flex min-h-0 flex-1">
        {showToc ? (
          <nav
            id="scorm-toc"
            aria-label={t('player.contents')}
            className={cn(
              'w-72 shrink-0 overflow-y-auto border-r border-border bg-card p-3',
              tocOpen ? 'absolute inset-y-12 left-0 z-20 shadow-lg' : 'hidden lg:block',
            )}
          >
            <TocList
              items={organization?.items ?? []}
              activities={activities}
              order={engine?.view.order}
              render={(activity) => {
                const progress = progressOf(activity);
                const done = progress?.completion_status === 'completed' || progress?.success_status === 'passed';
                const Icon = done ? CircleCheck : progress && progress.attempts > 0 ? CircleDot : Circle;
                const isCurrent = activity.sco.id === current?.sco.id;
                if (!navigation.isListed(activity)) return null;
                return (
                  <button
                    type="button"
                    disabled={leaving || (!navigation.canChoose(activity) && !isCurrent)}
                    aria-current={isCurrent ? 'step' : undefined}
                    onClick={() => onChoose(activity)}
                    className={cn(
                      'flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
                      isCurrent && 'bg-accent font-medium text-primary',
                    )}
                  >
                    <Icon className={cn('mt-0.5 size-4 shrink-0', done && 'text-success')} aria-hidden="true" />
                    <span className="min-w-0 break-words">{activity.item.title}</span>
                    {locked.has(activity.sco.id) ? <LockedMark /> : null}
                    {done ? <span className="sr-only">{t('player.completed')}</span> : null}
                  </button>
                );
              }}
            />
          </nav>
        ) : null}
        <main id="main" className="flex min-w-0 flex-1 flex-col">
          {sequencing.status === 'loading' ? (
            <Spinner label={t('player.loadingSco')} className="m-auto" />
          ) : sequencing.status === 'failed' ? (
            <Alert variant="destructive" className="m-4">
              {t('player.failed')}
            </Alert>
          ) : current ? (
            <ScoFrame
              key={`${current.sco.id}:${engine?.delivery ?? 0}`}
              target={target}
              session={session}
              activity={current}
              itemIds={itemIds}
              sequencer={engine?.sequencer ?? null}
              runtime={runtime}
              onTerminate={onTerminate}
            />
          ) : engine ? null : (
            <EmptyState icon={Package} title={t('player.noContentTitle')} description={t('player.noContent')} />
          )}
          <PlayerNotices movedOn={movedOn} leaving={leaving} ended={ended} finished={engine?.finished ?? false} />
          {activities.length > 1 ? (
            <PlayerFooter navigation={navigation} disabled={leaving} onPrevious={onPrevious} onContinue={onContinue} />
          ) : null}
        </main>
      </div>
    </div>
  );
}
