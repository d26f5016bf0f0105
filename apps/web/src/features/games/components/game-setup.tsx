import { playableGames } from '@portal/shared/game-rounds';
import {
  type CreateRoundBody,
  GAME_DIFFICULTIES,
  GAME_LEVELS,
  GAME_MIN_ITEMS,
  GAMES,
  type Game,
  type GameSource,
  type GameSources,
  type PersonalBest,
} from '@portal/shared/games';
import { samplePool } from '@portal/shared/games-sample';
import type { InterfaceLanguage } from '@portal/shared/language';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useSampleLanguage } from '../lib/use-sample-language';

const sourceValue = (source: GameSource) =>
  source.kind === 'all' || source.kind === 'sample' ? source.kind : `${source.kind}:${source.id}`;
const parseSource = (value: string, language: InterfaceLanguage): GameSource => {
  const [kind, ...rest] = value.split(':');
  const id = rest.join(':');
  if (kind === 'course' || kind === 'deck') return { kind, id };
  return kind === 'sample' ? { kind, language } : { kind: 'all' };
};

/** The games a source has enough items for; the sample set (the only source when signed out) has them all. */
export function gamesOf(source: GameSource, sources: GameSources | null): readonly Game[] {
  if (source.kind === 'sample' || !sources)
    return playableGames(samplePool(source.kind === 'sample' ? source.language : 'en'));
  if (source.kind === 'all') return sources.everything_games;
  const rows = source.kind === 'course' ? sources.courses : sources.decks;
  return rows.find((row) => row.id === source.id)?.games ?? [];
}

/** Choose a game, its difficulty, what to play on (signed in) and whether the clock runs. */
export function GameSetup({
  setup,
  onChange,
  onStart,
  sources,
  bests,
  starting,
}: {
  setup: CreateRoundBody;
  onChange: (setup: CreateRoundBody) => void;
  onStart: () => void;
  /** The learner's sources; null for the sample set. */
  sources: GameSources | null;
  bests: PersonalBest[];
  starting: boolean;
}) {
  const { t } = useTranslation('games');
  const language = useSampleLanguage();
  const sourceId = useId();
  const timerId = useId();
  const tooFewId = useId();
  const playable = gamesOf(setup.source, sources).includes(setup.game);
  const level = GAME_LEVELS[setup.game][setup.difficulty];
  const best = bests.find(
    (entry) => entry.game === setup.game && entry.difficulty === setup.difficulty && entry.timed === setup.timed,
  );

  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (playable) onStart();
      }}
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium">{t('setup.game')}</legend>
        {GAMES.map((game) => (
          <label key={game} className="flex items-start gap-3 rounded-md border border-border bg-card p-3">
            <input
              type="radio"
              name="game"
              value={game}
              checked={setup.game === game}
              onChange={() => onChange({ ...setup, game })}
              className="mt-1 size-4"
            />
            <span>
              <span className="block font-medium">{t(`games.${game}.name`)}</span>
              <span className="block text-sm text-muted-foreground">{t(`games.${game}.description`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-medium">{t('setup.difficulty')}</legend>
        <div className="flex flex-wrap gap-4">
          {GAME_DIFFICULTIES.map((difficulty) => (
            <label key={difficulty} className="flex items-center gap-2">
              <input
                type="radio"
                name="difficulty"
                value={difficulty}
                checked={setup.difficulty === difficulty}
                onChange={() => onChange({ ...setup, difficulty })}
                className="size-4"
              />
              {t(`difficulty.${difficulty}`)}
            </label>
          ))}
        </div>
        <p className="mt-2 text-sm text-muted-foreground">
          {t(`levels.${setup.game}`, { items: level.items, seconds: level.seconds, choices: level.choices })}
        </p>
      </fieldset>
      {sources ? (
        <div className="space-y-1">
          <Label htmlFor={sourceId}>{t('setup.source')}</Label>
          <select
            id={sourceId}
            value={sourceValue(setup.source)}
            onChange={(event) => onChange({ ...setup, source: parseSource(event.target.value, language) })}
            className="block h-10 w-full max-w-md rounded-md border border-border bg-card px-3"
          >
            <option value="all">{t('setup.everything', { count: sources.everything })}</option>
            <option value="sample">{t('setup.sampleOption', { count: samplePool(language).length })}</option>
            {sources.courses.length > 0 ? (
              <optgroup label={t('setup.courses')}>
                {sources.courses.map((course) => (
                  <option key={course.id} value={`course:${course.id}`}>
                    {t('setup.sourceOption', { title: course.title, count: course.items })}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {sources.decks.length > 0 ? (
              <optgroup label={t('setup.decks')}>
                {sources.decks.map((deck) => (
                  <option key={deck.id} value={`deck:${deck.id}`}>
                    {t('setup.sourceOption', { title: deck.title, count: deck.items })}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
          {sources.flashcards_included ? null : (
            <p className="text-sm text-muted-foreground">{t('setup.noFlashcards')}</p>
          )}
        </div>
      ) : (
        <p className="rounded-md border border-border bg-card p-3">{t('setup.sample')}</p>
      )}
      <div className="flex items-start gap-3">
        <input
          id={timerId}
          type="checkbox"
          checked={setup.timed}
          onChange={(event) => onChange({ ...setup, timed: event.target.checked })}
          aria-describedby={`${timerId}-hint`}
          className="mt-1 size-4"
        />
        <div>
          <Label htmlFor={timerId}>{t('setup.timed')}</Label>
          <p id={`${timerId}-hint`} className="text-sm text-muted-foreground">
            {t('setup.timedHint')}
          </p>
        </div>
      </div>
      <p>
        {best
          ? t('setup.best', { score: best.score, seconds: (best.elapsed_ms / 1000).toFixed(1) })
          : t('setup.noBest')}
      </p>
      {playable ? null : (
        <div className="space-y-2 rounded-md border border-border bg-card p-3">
          <p id={tooFewId}>{t('setup.tooFew', { game: t(`games.${setup.game}.name`), count: GAME_MIN_ITEMS })}</p>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="outline"
              onClick={() => onChange({ ...setup, source: { kind: 'sample', language } })}
            >
              {t('setup.playSample')}
            </Button>
            <Link to="/dashboard/learner/courses" className="text-primary underline">
              {t('setup.browseCourses')}
            </Link>
            {sources?.flashcards_included ? (
              <Link to="/dashboard/learner/flashcards" className="text-primary underline">
                {t('setup.addFlashcards')}
              </Link>
            ) : null}
          </div>
        </div>
      )}
      <Button type="submit" disabled={starting || !playable} aria-describedby={playable ? undefined : tooFewId}>
        {t('setup.start')}
      </Button>
    </form>
  );
}
