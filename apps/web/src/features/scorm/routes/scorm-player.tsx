import type { ScormAttemptStart, ScormPlayerSession, ScormTreeItem } from '@portal/shared/scorm';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  ChevronLeft,
  ChevronRight,
  Circle,
  CircleCheck,
  CircleDot,
  ListTree,
  Package,
  RotateCw,
} from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { type PlayerTarget, usePlayerSession } from '../api/get-player-session';
import { scormKeys } from '../api/scorm-keys';
import { useSelfEnrollScormPackage } from '../api/self-enroll-scorm-package';
import { startScormAttempt } from '../api/start-scorm-attempt';
import { flattenActivities, type NavActivity, parseNavRequest, simpleNavigationFor } from '../runtime/navigation';
import { type ScoRuntime, startScoRuntime } from '../runtime/sco-runtime';
import type { Sequencer, SequencingOutcome } from '../runtime/sequencer';
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

  if (session.isPending) {
    return (
      <main id="main" className="flex min-h-screen items-center justify-center">
        <h1 className="sr-only">{heading}</h1>
        <Spinner label={t('player.loading')} />
      </main>
    );
  }
  if (session.isError) {
    const missing = session.error instanceof ApiError && [400, 403, 404].includes(session.error.status);
    const staff = me.data?.role === 'admin' || me.data?.role === 'instructor';
    if (missing && mode === 'preview' && !staff) return <Navigate to="/403" replace />;
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="mb-6 text-2xl font-semibold">{heading}</h1>
        <EmptyState
          icon={Package}
          title={missing ? t('player.notFoundTitle') : t('player.failedTitle')}
          description={missing ? t('player.notFound') : t('player.failed')}
          action={
            <Button asChild>
              <Link to={mode === 'preview' ? '/dashboard/scorm/packages' : '/dashboard/learner/library'}>
                {t('player.back')}
              </Link>
            </Button>
          }
        />
      </main>
    );
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
  const simple = simpleNavigationFor({ activities, currentScoId: current?.sco.id ?? null });
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
    const outcome = engine.sequencer.navigate(kind, activity?.item.item_id);
    if (outcome.kind === 'stay') toast.error(t('player.navigationBlocked'));
    apply(outcome, true);
  };
  const onPrevious = () => (engine ? request('previous') : go(simple.previous));
  const onContinue = () => (engine ? request('continue') : go(simple.next));
  const onChoose = (activity: NavActivity) => (engine ? request('choice', activity) : go(activity));

  const latest = useRef({ simple, activities, engine, apply, movedOn });
  latest.current = { simple, activities, engine, apply, movedOn };
  const onTerminate = (navRequest: string | null, api: ScoRuntime['api']) => {
    if (target.mode === 'launch') {
      void queryClient.invalidateQueries({ queryKey: scormKeys.launchSession(target.enrollmentId) });
      void queryClient.invalidateQueries({ queryKey: scormKeys.myEnrollments() });
    }
    const { simple: nav, activities: all, engine: sequenced, apply: applyOutcome, movedOn: stale } = latest.current;
    if (sequenced) {
      // The course moved on in another window: nothing more is delivered here until a reload.
      if (stale) return;
      // The engine in the SCO's API has processed its navigation request (or its plain exit) by now.
      const outcome: SequencingOutcome | null = sequenced.sequencer.afterTerminate(
        api as Parameters<Sequencer['afterTerminate']>[0],
      );
      if (outcome) applyOutcome(outcome, false);
      return;
    }
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
  const progressOf = (activity: NavActivity) => session.progress.find((entry) => entry.sco_id === activity.sco.id);
  const backTo =
    target.mode === 'preview' ? `/dashboard/scorm/packages/${session.package.id}` : '/dashboard/learner/library';

  return (
    <div className="flex h-dvh flex-col bg-background">
      <header className="flex flex-wrap items-center gap-3 border-b border-border bg-card px-4 py-2">
        <Button variant="ghost" size="sm" asChild>
          <Link to={backTo}>
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
              render={(activity) => {
                const progress = progressOf(activity);
                const done = progress?.completion_status === 'completed' || progress?.success_status === 'passed';
                const Icon = done ? CircleCheck : progress && progress.attempts > 0 ? CircleDot : Circle;
                const isCurrent = activity.sco.id === current?.sco.id;
                if (!navigation.isListed(activity)) return null;
                return (
                  <button
                    type="button"
                    disabled={!navigation.canChoose(activity) && !isCurrent}
                    aria-current={isCurrent ? 'step' : undefined}
                    onClick={() => onChoose(activity)}
                    className={cn(
                      'flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
                      isCurrent && 'bg-accent font-medium text-primary',
                    )}
                  >
                    <Icon className={cn('mt-0.5 size-4 shrink-0', done && 'text-success')} aria-hidden="true" />
                    <span className="min-w-0 break-words">{activity.item.title}</span>
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
              sequencer={engine?.sequencer ?? null}
              onTerminate={onTerminate}
            />
          ) : engine ? null : (
            <EmptyState icon={Package} title={t('player.noContentTitle')} description={t('player.noContent')} />
          )}
          {movedOn ? (
            <Alert variant="warning" className="m-3 flex flex-wrap items-center justify-between gap-3">
              <span>{t('player.movedOn')}</span>
              <Button size="sm" onClick={() => window.location.reload()}>
                <RotateCw aria-hidden="true" />
                {t('player.reload')}
              </Button>
            </Alert>
          ) : null}
          {ended ? (
            <Alert variant="info" className="m-3">
              {engine?.finished ? t('player.finished') : t('player.ended')}
            </Alert>
          ) : null}
          {activities.length > 1 && (navigation.showPrevious || navigation.showContinue) ? (
            <footer className="flex items-center justify-between gap-3 border-t border-border bg-card px-4 py-2">
              {navigation.showPrevious ? (
                <Button variant="outline" disabled={!navigation.previousEnabled} onClick={onPrevious}>
                  <ChevronLeft aria-hidden="true" />
                  {t('player.previous')}
                </Button>
              ) : (
                <span />
              )}
              {navigation.showContinue ? (
                <Button disabled={!navigation.continueEnabled} onClick={onContinue}>
                  {t('player.continue')}
                  <ChevronRight aria-hidden="true" />
                </Button>
              ) : null}
            </footer>
          ) : null}
        </main>
      </div>
    </div>
  );
}

/** The organization's tree: launchable items as buttons, aggregations as group labels over their children. */
function TocList({
  items,
  activities,
  render,
}: {
  items: ScormTreeItem[];
  activities: NavActivity[];
  render: (activity: NavActivity) => ReactNode;
}) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
        const activity = activities.find((candidate) => candidate.item.item_id === item.item_id);
        const own = activity ? render(activity) : null;
        if (!activity && !item.is_visible && item.children.length === 0) return null;
        return (
          <li key={item.item_id}>
            {own ??
              (!activity && item.is_visible ? (
                <p className="px-2 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  {item.title}
                </p>
              ) : null)}
            {item.children.length > 0 ? (
              <div className="pl-3">
                <TocList items={item.children} activities={activities} render={render} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** One SCO: its attempt is opened, a fresh runtime answers its wrapper, and the wrapper loads it. */
function ScoFrame({
  target,
  session,
  activity,
  sequencer,
  onTerminate,
}: {
  target: PlayerTarget;
  session: ScormPlayerSession;
  activity: NavActivity;
  /** SCORM 2004: the engine whose state the SCO's fresh API carries. */
  sequencer: Sequencer | null;
  onTerminate: (request: string | null, api: ScoRuntime['api']) => void;
}) {
  const { t } = useTranslation('scorm');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [retry, setRetry] = useState(0);
  const [warning, setWarning] = useState<string | null>(null);
  // The content's last failed API call, for the status bar; a loop repeating it re-renders and announces nothing.
  const [apiProblem, setApiProblem] = useState('');
  // The wrapper address carries a content token; keep the one this SCO started with across refetches.
  const [wrapperUrl] = useState(session.content.wrapper_url);
  const terminate = useRef(onTerminate);
  terminate.current = onTerminate;
  // Refetched sessions bring new objects for the same SCO; the SCO is only restarted by a retry.
  const launch = useRef({ target, activity, session, wrapperUrl, sequencer, t });
  launch.current = { target, activity, session, wrapperUrl, sequencer, t };

  useEffect(() => {
    void retry;
    const { target, activity, session, wrapperUrl, sequencer, t } = launch.current;
    let runtime: ScoRuntime | null = null;
    let cancelled = false;
    setFailed(false);
    startScormAttempt(target, activity.sco.id)
      .then((attempt: ScormAttemptStart) => {
        if (cancelled) return;
        runtime = startScoRuntime({
          version: session.package.version,
          scoId: activity.sco.id,
          attempt,
          contentOrigin: session.content.origin,
          record: target.mode === 'launch',
          ...(sequencer ? { createSequencedApi: sequencer.createRuntimeApi } : {}),
          events: {
            onTerminate: (request) => {
              if (runtime) terminate.current(request, runtime.api);
            },
            onCommitProblem: () => setWarning(t('player.commitProblem')),
            onSuspendDataOverLimit: (length, limit) => setWarning(t('player.suspendDataOverLimit', { length, limit })),
            onApiError: (code, element) =>
              setApiProblem(
                element ? t('player.apiError', { code, element }) : t('player.apiErrorNoElement', { code }),
              ),
          },
        });
        const url = new URL(wrapperUrl);
        url.searchParams.set('launch', activity.sco.launch_url);
        url.searchParams.set('title', activity.item.title);
        setSrc(url.toString());
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      runtime?.stop();
    };
  }, [retry]);

  if (failed) {
    return (
      <Alert variant="destructive" className="m-4">
        {t('player.attemptFailed')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => setRetry((count) => count + 1)}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {warning ? (
        <Alert variant="warning" className="m-3">
          {warning}
        </Alert>
      ) : null}
      {src ? (
        <iframe
          src={src}
          title={activity.item.title}
          className="min-h-0 w-full flex-1 border-0 bg-white"
          allow="fullscreen; autoplay"
          // The package runs on its own origin with its scripts, forms, dialogs and new tabs, but may not navigate
          // this page away (no top navigation); its nested frames inherit the same limits.
          sandbox="allow-scripts allow-same-origin allow-forms allow-modals allow-popups allow-popups-to-escape-sandbox allow-downloads"
        />
      ) : (
        <Spinner label={t('player.loadingSco')} className="m-auto" />
      )}
      <p
        role="status"
        aria-label={t('player.statusBar')}
        className="border-t bg-muted/40 px-3 py-1.5 text-sm empty:border-0 empty:p-0"
      >
        {apiProblem}
      </p>
    </div>
  );
}
