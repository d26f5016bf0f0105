import type { ScormAttemptStart, ScormPlayerSession } from '@portal/shared/scorm';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useWarnBeforeLeaving } from '@/lib/use-warn-before-leaving';
import type { PlayerTarget } from '../api/get-player-session';
import { startScormAttempt } from '../api/start-scorm-attempt';
import type { SaveState } from '../content-frame/protocol';
import type { NavActivity } from '../runtime/navigation';
import { type ScoRuntime, startScoRuntime } from '../runtime/sco-runtime';
import type { Sequencer } from '../runtime/sequencer';
import { deliverMyUnsent, forgetUnsent, keepUnsent } from '../runtime/unsent-commits';
import { type LaunchRefusal, LaunchRefusalNotice, launchRefusalOf } from './launch-rules-notice';
import { ReloadNotice } from './player-chrome';

export type TerminateHandler = (navRequest: string | null, sequencedApi: ScoRuntime['sequencedApi']) => void;

/**
 * One SCO: its attempt is opened, the wrapper page on the content origin runs its API and loads it, and the status
 * bar says how saving goes. `runtime` gives the player the SCO's runtime, to unload it before navigating.
 */
export function ScoFrame({
  target,
  session,
  activity,
  itemIds,
  sequencer,
  runtime: runtimeRef,
  onTerminate,
}: {
  target: PlayerTarget;
  session: ScormPlayerSession;
  activity: NavActivity;
  /** Every activity of the organization, whose choice validity the content may read. */
  itemIds: string[];
  /** SCORM 2004: the engine whose state the SCO's delivery carries. */
  sequencer: Sequencer | null;
  runtime: RefObject<ScoRuntime | null>;
  onTerminate: TerminateHandler;
}) {
  const { t } = useTranslation('scorm');
  const frame = useRef<HTMLIFrameElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [refusal, setRefusal] = useState<LaunchRefusal | null>(null);
  const [retry, setRetry] = useState(0);
  const [warning, setWarning] = useState<string | null>(null);
  // The content's last failed API call, for the status bar; a loop repeating it re-renders and announces nothing.
  const [apiProblem, setApiProblem] = useState('');
  const [save, setSave] = useState<{ state: SaveState; message?: string }>({ state: 'idle' });
  // Progress an earlier visit could not save (offline as it closed) was saved as this SCO opened.
  const [unsentStored, setUnsentStored] = useState(false);
  const queryClient = useQueryClient();
  // The wrapper address carries a content token; keep the one this SCO started with across refetches.
  const [wrapperUrl] = useState(session.content.wrapper_url);
  const terminate = useRef(onTerminate);
  terminate.current = onTerminate;
  // Refetched sessions bring new objects for the same SCO; the SCO is only restarted by a retry.
  const launch = useRef({ target, activity, session, wrapperUrl, sequencer, itemIds, t, queryClient });
  launch.current = { target, activity, session, wrapperUrl, sequencer, itemIds, t, queryClient };

  useEffect(() => {
    void retry;
    const { target, activity, session, wrapperUrl, sequencer, itemIds, t, queryClient } = launch.current;
    let runtime: ScoRuntime | null = null;
    let cancelled = false;
    setFailed(false);
    setRefusal(null);
    // What an earlier visit could not save goes first, so the attempt starts from it.
    (target.mode === 'launch' ? deliverMyUnsent(queryClient) : Promise.resolve(0))
      .then((stored) => {
        if (stored > 0 && !cancelled) setUnsentStored(true);
        return startScormAttempt(target, activity.sco.id);
      })
      .then((attempt: ScormAttemptStart) => {
        if (cancelled) return;
        const kept =
          target.mode === 'launch'
            ? { userId: attempt.learner.id, attemptId: attempt.attempt_id, launch: attempt.launch }
            : null;
        runtime = startScoRuntime({
          version: session.package.version,
          scoId: activity.sco.id,
          attempt,
          contentOrigin: session.content.origin,
          frameWindow: () => frame.current?.contentWindow ?? null,
          commitUrl: target.mode === 'launch' ? (attempt.commit_url ?? null) : null,
          itemIds,
          ...(sequencer ? { createSequencedApi: sequencer.createRuntimeApi } : {}),
          events: {
            onTerminate: (request, api) => terminate.current(request, api),
            onSaveState: (state, message) => setSave(message ? { state, message } : { state }),
            ...(kept
              ? {
                  onUnsent: (commit: { sequence: number; body: string }) => keepUnsent({ ...kept, ...commit }),
                  onAnswered: (sequence: number) => forgetUnsent(kept, sequence),
                }
              : {}),
            onSuspendDataOverLimit: (length, limit) => setWarning(t('player.suspendDataOverLimit', { length, limit })),
            onApiError: (code, element) =>
              setApiProblem(
                element ? t('player.apiError', { code, element }) : t('player.apiErrorNoElement', { code }),
              ),
          },
        });
        runtimeRef.current = runtime;
        const url = new URL(wrapperUrl);
        url.searchParams.set('launch', activity.sco.launch_url);
        url.searchParams.set('title', activity.item.title);
        setSrc(url.toString());
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setRefusal(launchRefusalOf(error));
        setFailed(true);
      });
    return () => {
      cancelled = true;
      runtime?.stop();
      if (runtimeRef.current === runtime) runtimeRef.current = null;
    };
  }, [retry, runtimeRef]);

  // While saves keep failing (offline, the server away), closing the page would lose what is not stored yet: the
  // browser asks first. A page that closes while saving normally sends its last data on the way out.
  useWarnBeforeLeaving(save.state === 'retrying');

  // A start that failed for want of a network is tried again as soon as the browser is back online.
  useEffect(() => {
    if (!failed || refusal) return;
    const again = () => setRetry((count) => count + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [failed, refusal]);

  if (refusal) return <LaunchRefusalNotice refusal={refusal} className="m-4" />;
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
  const saveText =
    save.state === 'idle' || save.state === 'taken-over'
      ? unsentStored
        ? t('player.save.unsentStored')
        : ''
      : save.state === 'refused'
        ? save.message
          ? t('player.save.refused', { message: save.message })
          : t('player.save.refusedNoMessage')
        : t(`player.save.${save.state}`);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {warning ? (
        <Alert variant="warning" className="m-3">
          {warning}
        </Alert>
      ) : null}
      {save.state === 'taken-over' ? <ReloadNotice text={t('player.takenOver')} /> : null}
      {src ? (
        <iframe
          ref={frame}
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
      <div
        role="status"
        aria-label={t('player.statusBar')}
        className="flex flex-wrap justify-between gap-x-4 border-t bg-muted/40 px-3 py-1.5 text-sm empty:border-0 empty:p-0"
      >
        {apiProblem ? <span>{apiProblem}</span> : null}
        {saveText ? (
          <span
            data-save-state={save.state}
            // Progress notes stay quiet for screen readers; a problem is announced, and so is progress of an
            // earlier visit saved now.
            aria-live={
              save.state === 'retrying' || save.state === 'refused' || save.state === 'idle' ? undefined : 'off'
            }
            className={save.state === 'retrying' || save.state === 'refused' ? 'text-destructive' : undefined}
          >
            {saveText}
          </span>
        ) : null}
      </div>
    </div>
  );
}
