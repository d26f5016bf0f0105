import type { CoachMessage, Proposal } from '@portal/shared/coach';
import { BookOpen, Bot, Volume2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { AnswerMarkdown } from './answer-markdown';
import { readAloud, voiceReaderOn } from './read-aloud';

function ProposalCard({
  proposal,
  onSettle,
  pending,
}: {
  proposal: Proposal;
  onSettle: (proposalId: string, action: 'confirm' | 'dismiss') => void;
  pending: boolean;
}) {
  const { t } = useTranslation('coach');
  const summary =
    proposal.kind === 'create_flashcards'
      ? t('proposal.flashcards', { count: proposal.flashcards.cards.length, deck: proposal.flashcards.deck_name })
      : t('proposal.goal', { title: proposal.goal.title });
  return (
    <li className="rounded-md border border-border bg-card p-3 text-sm">
      <p className="font-medium">{summary}</p>
      {proposal.kind === 'create_flashcards' ? (
        <ul className="mt-1 list-disc ps-5 text-muted-foreground">
          {proposal.flashcards.cards.map((card) => (
            <li key={`${card.front}-${card.back}`}>
              {card.front} — {card.back}
            </li>
          ))}
        </ul>
      ) : null}
      {proposal.status === 'pending' ? (
        <div className="mt-2 flex gap-2">
          <Button size="sm" disabled={pending} onClick={() => onSettle(proposal.id, 'confirm')}>
            {t('proposal.confirm')}
          </Button>
          <Button size="sm" variant="outline" disabled={pending} onClick={() => onSettle(proposal.id, 'dismiss')}>
            {t('proposal.dismiss')}
          </Button>
        </div>
      ) : (
        <Badge className="mt-2">{t(`proposal.${proposal.status}`)}</Badge>
      )}
    </li>
  );
}

/** One message of the conversation: the learner's question or the coach's answer with its sources. */
export function MessageItem({
  message,
  language,
  onSettle,
  settling = false,
  unanswered = false,
}: {
  message: Pick<CoachMessage, 'role' | 'content' | 'status' | 'citations' | 'proposals'> & { id?: string };
  language: string;
  onSettle?: (messageId: string, proposalId: string, action: 'confirm' | 'dismiss') => void;
  settling?: boolean;
  /** A question the coach never answered (the answer failed before failed turns were removed). */
  unanswered?: boolean;
}) {
  const { t } = useTranslation('coach');
  const mine = message.role === 'user';
  return (
    <li className={cn('flex flex-col gap-2', mine ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-lg px-4 py-3 text-sm',
          mine ? 'bg-primary text-primary-foreground' : 'border border-border bg-card',
        )}
      >
        <p className="sr-only">{mine ? t('message.you') : t('message.coach')}</p>
        {mine ? null : <Bot className="mb-1 size-4 text-primary" aria-hidden="true" />}
        {mine ? (
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        ) : (
          <AnswerMarkdown text={message.content} />
        )}
        {message.status === 'stopped' ? (
          <p className="mt-2 text-xs text-muted-foreground">{t('message.stopped')}</p>
        ) : null}
      </div>
      {unanswered ? <p className="max-w-[85%] text-xs text-muted-foreground">{t('message.unanswered')}</p> : null}
      {message.citations.length ? (
        <ul aria-label={t('message.sources')} className="flex max-w-[85%] flex-wrap gap-2 text-sm">
          {message.citations.map((citation) => (
            <li key={citation.lesson_id}>
              <Link
                to={citation.url}
                className="inline-flex items-center gap-1 rounded-md border border-border px-2 py-1 underline-offset-2 hover:underline"
              >
                <BookOpen className="size-3.5" aria-hidden="true" />
                {t('message.lesson', { lesson: citation.lesson_title, course: citation.course_title })}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {message.proposals.length && message.id && onSettle ? (
        <ul className="flex max-w-[85%] flex-col gap-2" aria-label={t('proposal.heading')}>
          {message.proposals.map((proposal) => (
            <ProposalCard
              key={proposal.id}
              proposal={proposal}
              pending={settling}
              onSettle={(proposalId, action) => message.id && onSettle(message.id, proposalId, action)}
            />
          ))}
        </ul>
      ) : null}
      {!mine && message.content && voiceReaderOn() ? (
        <Button size="sm" variant="ghost" onClick={() => readAloud(message.content, language)}>
          <Volume2 className="size-4" aria-hidden="true" />
          {t('message.readAloud')}
        </Button>
      ) : null}
    </li>
  );
}
