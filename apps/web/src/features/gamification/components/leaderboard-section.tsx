import { Users } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { useLeaderboard } from '../api/get-leaderboard';
import { useSetLeaderboardOptIn } from '../api/set-leaderboard-opt-in';
import { formatNumber } from '../utils/format';

/**
 * Opt-in, and only the learners ranked next to you by this week's XP: a small race you can win, never a wall of
 * strangers. Hidden in Focus Mode and Low-Stimulus.
 */
export function LeaderboardSection() {
  const { t, i18n } = useTranslation('gamification');
  const board = useLeaderboard();
  const optIn = useSetLeaderboardOptIn();
  const switchId = useId();
  return (
    // Competition is stimulation: hidden in Focus Mode (non-essential) and in Low-Stimulus (like celebrations).
    <section aria-labelledby="leaderboard-heading" data-nonessential data-leaderboard className="flex flex-col gap-4">
      <h2 id="leaderboard-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Users className="size-5 text-primary" aria-hidden="true" />
        {t('leaderboard.title')}
      </h2>
      <Card className="flex flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor={switchId}>{t('leaderboard.optIn')}</Label>
            <p className="text-sm text-muted-foreground">
              {t('leaderboard.explanation', { days: board.data?.window_days ?? 7 })}
            </p>
          </div>
          <Switch
            id={switchId}
            checked={board.data?.opted_in ?? false}
            disabled={board.isPending || optIn.isPending}
            onCheckedChange={(checked) => optIn.mutate(checked)}
          />
        </div>
        {board.isPending ? <Spinner label={t('loading')} /> : null}
        {board.data?.opted_in ? (
          <ol className="flex flex-col divide-y divide-border">
            {board.data.entries.map((entry) => (
              <li
                key={entry.rank}
                className={cn(
                  'flex items-center gap-3 py-2 text-sm',
                  entry.is_you && 'rounded-md bg-accent px-2 font-medium',
                )}
              >
                <span className="w-8 text-muted-foreground">{t('leaderboard.rank', { rank: entry.rank })}</span>
                <span className="min-w-0 flex-1 break-words">
                  {entry.is_you ? t('leaderboard.you', { name: entry.display_name }) : entry.display_name}
                </span>
                <span className="text-muted-foreground">{t('leaderboard.level', { level: entry.level })}</span>
                <span className="w-20 text-right">
                  {t('leaderboard.xp', { xp: formatNumber(entry.xp, i18n.language) })}
                </span>
              </li>
            ))}
          </ol>
        ) : null}
      </Card>
    </section>
  );
}
