import { LIVE_POLL_OPTIONS, type LivePoll } from '@portal/shared/live-room';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { LiveRoomChange } from '../api/update-live-room';

/** The shared poll: the host asks (2 to 6 options) and closes; everyone votes once and may change the vote. */
export function RoomPoll({
  poll,
  canModerate,
  onChange,
}: {
  poll: LivePoll | null;
  canModerate: boolean;
  onChange: (change: LiveRoomChange) => void;
}) {
  const { t } = useTranslation('live-room');
  const formId = useId();
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(['', '']);

  const create = (event: FormEvent) => {
    event.preventDefault();
    const filled = options.map((option) => option.trim()).filter(Boolean);
    if (!question.trim() || filled.length < LIVE_POLL_OPTIONS.min) return;
    onChange({ kind: 'create_poll', body: { question: question.trim(), options: filled } });
    setQuestion('');
    setOptions(['', '']);
  };

  return (
    <section aria-labelledby="room-poll-title" className="rounded-lg border border-border bg-card p-4">
      <h2 id="room-poll-title" className="mb-2 text-lg font-semibold">
        {t('poll.title')}
      </h2>
      {poll ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">
            {poll.question} {poll.status === 'closed' ? `(${t('poll.closed')})` : null}
          </legend>
          {poll.options.map((option, index) => {
            const share = poll.total_votes === 0 ? 0 : Math.round((option.votes / poll.total_votes) * 100);
            return (
              <div key={option.text} className="flex flex-wrap items-center gap-2 text-sm">
                <Button
                  variant={poll.my_vote === index ? 'default' : 'outline'}
                  size="sm"
                  aria-pressed={poll.my_vote === index}
                  disabled={poll.status !== 'open'}
                  onClick={() => onChange({ kind: 'vote', option: index })}
                >
                  {option.text}
                </Button>
                <span>{t('poll.votes', { count: option.votes, percent: share })}</span>
              </div>
            );
          })}
          {canModerate && poll.status === 'open' ? (
            <Button variant="outline" size="sm" className="self-start" onClick={() => onChange({ kind: 'close_poll' })}>
              {t('poll.close')}
            </Button>
          ) : null}
        </fieldset>
      ) : (
        <p className="text-sm text-muted-foreground">{t('poll.none')}</p>
      )}
      {canModerate ? (
        <form onSubmit={create} className="mt-4 flex flex-col gap-2" aria-label={t('poll.new')}>
          <Label htmlFor={`${formId}-q`}>{t('poll.question')}</Label>
          <Input
            id={`${formId}-q`}
            value={question}
            maxLength={300}
            onChange={(event) => setQuestion(event.target.value)}
          />
          {options.map((option, index) => (
            <div key={`${formId}-${index.toString()}`} className="flex flex-col gap-1">
              <Label htmlFor={`${formId}-o${index}`}>{t('poll.option', { number: index + 1 })}</Label>
              <Input
                id={`${formId}-o${index}`}
                value={option}
                maxLength={120}
                onChange={(event) =>
                  setOptions((current) => current.map((value, at) => (at === index ? event.target.value : value)))
                }
              />
            </div>
          ))}
          <div className="flex flex-wrap gap-2">
            {options.length < LIVE_POLL_OPTIONS.max ? (
              <Button variant="outline" size="sm" onClick={() => setOptions((current) => [...current, ''])}>
                {t('poll.addOption')}
              </Button>
            ) : null}
            <Button type="submit" size="sm">
              {t('poll.ask')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
