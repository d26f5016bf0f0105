import type { ItemResult, RoundResult } from '@portal/shared/games';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

function originLink(origin: ItemResult['origin']): { to: string; kind: 'lesson' | 'deck'; title: string } | null {
  if (origin.kind === 'lesson') {
    return {
      to: `/dashboard/learner/course/${origin.course_id}?${new URLSearchParams({ lesson: origin.lesson_id })}`,
      kind: 'lesson',
      title: origin.title,
    };
  }
  if (origin.kind === 'deck')
    return { to: `/dashboard/learner/flashcards/${origin.deck_id}`, kind: 'deck', title: origin.title };
  return null;
}

/** The round's score, time and best, the XP outcome, and every missed item with a link to where it came from. */
export function RoundSummary({
  result,
  signedIn,
  onAgain,
  onChange,
  starting,
}: {
  result: RoundResult;
  signedIn: boolean;
  onAgain: () => void;
  onChange: () => void;
  /** A new round is being issued. */
  starting: boolean;
}) {
  const { t } = useTranslation('games');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const missed = result.results.filter((entry) => entry.outcome === 'missed');

  return (
    <section aria-labelledby="summary-title" className="space-y-4">
      <h2 id="summary-title" ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {t('summary.title')}
      </h2>
      <p className="text-lg">{t('summary.score', { score: result.score, total: result.total })}</p>
      <p className="text-muted-foreground">{t('summary.time', { seconds: seconds(result.elapsed_ms) })}</p>
      {result.new_best ? (
        <p className="font-medium">{t('summary.newBest')}</p>
      ) : result.best ? (
        <p>{t('summary.best', { score: result.best.score, seconds: seconds(result.best.elapsed_ms) })}</p>
      ) : null}
      <p>
        {signedIn ? t(result.xp_event ? 'summary.xpEarned' : 'summary.noXp') : t('summary.signInForXp')}{' '}
        {signedIn ? null : (
          <Link to="/login" className="text-primary underline">
            {t('summary.signIn')}
          </Link>
        )}
      </p>
      {missed.length > 0 ? (
        <div>
          <h3 className="mb-2 font-medium">{t('summary.missedTitle', { count: missed.length })}</h3>
          <ul className="space-y-3">
            {missed.map((entry) => {
              const link = originLink(entry.origin);
              return (
                <li key={entry.item_id} className="rounded-md border border-border bg-card p-3">
                  <p className="font-medium">{entry.prompt}</p>
                  <p>{t('summary.expected', { answer: entry.expected })}</p>
                  <p className="text-muted-foreground">
                    {entry.given === null ? t('summary.notAnswered') : t('summary.given', { answer: entry.given })}
                  </p>
                  {link ? (
                    <Link to={link.to} className="text-primary underline">
                      {t(link.kind === 'lesson' ? 'summary.openLesson' : 'summary.openDeck', { title: link.title })}
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <p>{t('summary.noneMissed')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onAgain} disabled={starting}>
          {t('summary.again')}
        </Button>
        <Button variant="outline" onClick={onChange}>
          {t('summary.change')}
        </Button>
      </div>
    </section>
  );
}
