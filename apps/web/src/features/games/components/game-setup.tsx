import {
  type CreateRoundBody,
  GAME_DIFFICULTIES,
  GAME_LEVELS,
  GAMES,
  type GameSources,
  type PersonalBest,
} from '@portal/shared/games';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';

const sourceValue = (source: CreateRoundBody['source']) =>
  source.kind === 'all' ? 'all' : `${source.kind}:${source.id}`;
const parseSource = (value: string): CreateRoundBody['source'] => {
  const [kind, ...rest] = value.split(':');
  const id = rest.join(':');
  return kind === 'course' || kind === 'deck' ? { kind, id } : { kind: 'all' };
};

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
  const sourceId = useId();
  const timerId = useId();
  const level = GAME_LEVELS[setup.game][setup.difficulty];
  const best = bests.find(
    (entry) => entry.game === setup.game && entry.difficulty === setup.difficulty && entry.timed === setup.timed,
  );

  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onStart();
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
            onChange={(event) => onChange({ ...setup, source: parseSource(event.target.value) })}
            className="block h-10 w-full max-w-md rounded-md border border-border bg-card px-3"
          >
            <option value="all">{t('setup.everything', { count: sources.everything })}</option>
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
      <Button type="submit" disabled={starting}>
        {t('setup.start')}
      </Button>
    </form>
  );
}
