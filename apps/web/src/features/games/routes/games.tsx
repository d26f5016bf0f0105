import type { CreateRoundBody, GameRound, GameSource, RoundResult } from '@portal/shared/games';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { useWarnBeforeLeaving } from '@/lib/use-warn-before-leaving';
import { useGameBests } from '../api/get-game-bests';
import { useGameSources } from '../api/get-game-sources';
import { GameSetup } from '../components/game-setup';
import { type RoundAnswer, RoundPlayer } from '../components/round-player';
import { RoundSummary } from '../components/round-summary';
import { readSampleBests } from '../lib/sample-round';
import { useCalmPlay } from '../lib/use-calm-play';
import { useGameEngine } from '../lib/use-game-engine';
import { useSampleLanguage } from '../lib/use-sample-language';

/** The source is null until the learner picks one: everything when it can make this round, else the sample set. */
type Setup = Omit<CreateRoundBody, 'source'> & { source: GameSource | null };
type Phase = { name: 'setup' } | { name: 'playing'; round: GameRound } | { name: 'summary'; result: RoundResult };

/** /games: signed-in learners play on their own courses and decks; visitors (and learners without a plan) the sample set. */
export function Games() {
  const { t } = useTranslation('games');
  const { data: me } = useMe();
  const sources = useGameSources({ enabled: Boolean(me) });
  const noPlan = sources.error instanceof ApiError && sources.error.code === 'subscription_required';
  const own = Boolean(me) && !noPlan;
  const bests = useGameBests({ enabled: own });
  const engine = useGameEngine(own);
  const calm = useCalmPlay();
  const language = useSampleLanguage();
  const [setup, setSetup] = useState<Setup>(() => ({ game: 'match', difficulty: 'easy', source: null, timed: !calm }));
  const [phase, setPhase] = useState<Phase>({ name: 'setup' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Two clicks can land before React re-renders, and each would issue a round on a rate-limited route.
  const starting = useRef(false);
  const sample = { kind: 'sample', language } as const;
  const ownTooSmall = !own || (sources.data !== undefined && !sources.data.everything_games.includes(setup.game));
  const body: CreateRoundBody = {
    ...setup,
    source: setup.source?.kind === 'sample' ? sample : (setup.source ?? (ownTooSmall ? sample : { kind: 'all' })),
  };

  // Leaving mid-round loses it: the server keeps the round's answers, not the learner's.
  useWarnBeforeLeaving(phase.name === 'playing');

  const explain = (cause: unknown) => {
    if (cause instanceof ApiError && cause.reasons.includes('not_enough_items')) return t('errors.notEnoughItems');
    if (cause instanceof ApiError && cause.status === 409) return t('errors.roundClosed');
    return t('errors.failed');
  };
  const start = async () => {
    if (starting.current) return;
    starting.current = true;
    setBusy(true);
    setError(null);
    try {
      setPhase({ name: 'playing', round: await engine.start(body) });
    } catch (cause) {
      setError(explain(cause));
    } finally {
      starting.current = false;
      setBusy(false);
    }
  };
  const finish = async (round: GameRound, answers: RoundAnswer[], elapsedMs: number) => {
    try {
      setPhase({ name: 'summary', result: await engine.finish(round.id, { answers, elapsed_ms: elapsedMs }) });
    } catch (cause) {
      setError(explain(cause));
      setPhase({ name: 'setup' });
    }
  };

  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:py-16">
      <PageHeader title={t('title')} description={t(own ? 'description' : 'descriptionSample')} />
      {noPlan ? <p className="mb-4">{t('setup.noPlan')}</p> : null}
      {error ? (
        <Alert variant="destructive" className="mb-4">
          {error}
        </Alert>
      ) : null}
      {phase.name === 'setup' ? (
        <GameSetup
          setup={body}
          onChange={setSetup}
          onStart={() => void start()}
          sources={own ? (sources.data ?? null) : null}
          bests={own ? (bests.data?.bests ?? []) : readSampleBests()}
          starting={busy || (own && sources.isPending)}
        />
      ) : null}
      {phase.name === 'playing' ? (
        <RoundPlayer
          key={phase.round.id}
          round={phase.round}
          onFinish={(answers, elapsedMs) => void finish(phase.round, answers, elapsedMs)}
        />
      ) : null}
      {phase.name === 'summary' ? (
        <RoundSummary
          result={phase.result}
          signedIn={own}
          onAgain={() => void start()}
          starting={busy}
          onChange={() => setPhase({ name: 'setup' })}
        />
      ) : null}
    </section>
  );
}
