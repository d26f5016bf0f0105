import { LIVE_RSVP_RESPONSES, type LiveRsvpResponse, type LiveSession } from '@portal/shared/live';
import type { TFunction } from 'i18next';
import { CalendarPlus, ExternalLink, type LucideIcon, Pencil, Radio, Video, XCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDisplayFormats } from '@/lib/profile';
import { useAnswerLiveSession } from '../api/answer-live-session';

export const roomPath = (sessionId: string) => `/dashboard/learner/live-hub/${sessionId}`;

/** When the session takes place, in the learner's time zone and formats. */
export function useSessionTime() {
  const { formatDate, formatTime, timeZone } = useDisplayFormats();
  return (session: Pick<LiveSession, 'starts_at' | 'ends_at'>) => {
    const start = new Date(session.starts_at);
    const end = new Date(session.ends_at);
    return `${formatDate(start)}, ${formatTime(start)} – ${formatTime(end)}${timeZone ? ` (${timeZone})` : ''}`;
  };
}

/** What the learner's answer is, said in words (the status line screen readers announce when it changes). */
function answerText(t: TFunction<'live'>, session: LiveSession) {
  const rsvp = session.my_rsvp;
  if (!rsvp) return t('rsvp.none');
  if (rsvp.response === 'going' && rsvp.waitlisted) {
    return t('rsvp.waitlisted', { position: rsvp.waitlist_position ?? '' });
  }
  return t(`rsvp.state.${rsvp.response}`);
}

/** A link to another site (meeting, recording), opened in a new tab and said so to screen readers. */
function NewTabLink({ href, icon: Icon, label }: { href: string; icon: LucideIcon; label: string }) {
  const { t } = useTranslation('live');
  return (
    <Button asChild size="sm" variant="outline">
      <a href={href} target="_blank" rel="noopener noreferrer">
        <Icon aria-hidden="true" />
        {label}
        <span className="sr-only">{t('actions.newTab')}</span>
      </a>
    </Button>
  );
}

export function SessionCard({
  session,
  headingLevel = 3,
  onEdit,
  onCancel,
}: {
  session: LiveSession;
  headingLevel?: 2 | 3;
  onEdit?: (session: LiveSession) => void;
  onCancel?: (session: LiveSession) => void;
}) {
  const { t } = useTranslation('live');
  const headingId = useId();
  const when = useSessionTime();
  const answer = useAnswerLiveSession();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ended = Date.parse(session.ends_at) <= Date.now();
  const cancelled = session.status === 'cancelled';
  const canAnswer = !session.is_host && !cancelled && !ended;
  const full = session.capacity !== null && session.going_count >= session.capacity;

  const respond = (response: LiveRsvpResponse) =>
    answer.mutate(
      { sessionId: session.id, response },
      { onError: (error) => toast.error(t('rsvp.failed', { message: error.message })) },
    );

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <Heading id={headingId} className="text-base font-semibold">
            {session.title}
          </Heading>
          <p className="text-sm text-muted-foreground">{when(session)}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge>{t(`kinds.${session.kind}`)}</Badge>
          {session.live_now ? (
            <Badge className="gap-1 bg-primary text-primary-foreground">
              <Radio className="size-3" aria-hidden="true" />
              {t('liveBadge')}
            </Badge>
          ) : null}
          {cancelled ? <Badge className="bg-destructive/15 text-destructive">{t('cancelledBadge')}</Badge> : null}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('card.host')}</dt>
        <dd>{session.host.name}</dd>
        {session.course ? (
          <>
            <dt className="text-muted-foreground">{t('card.course')}</dt>
            <dd>{session.course.title}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{t('card.places')}</dt>
        <dd>
          {session.capacity === null
            ? t('card.goingUnlimited', { count: session.going_count })
            : t('card.goingOf', { count: session.going_count, capacity: session.capacity })}
          {session.waitlist_count > 0 ? ` · ${t('card.waitlist', { count: session.waitlist_count })}` : null}
        </dd>
      </dl>
      {session.description ? <p className="whitespace-pre-line text-sm">{session.description}</p> : null}

      {canAnswer ? (
        <div className="flex flex-col gap-1.5">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t('rsvp.label', { title: session.title })}</legend>
            {LIVE_RSVP_RESPONSES.map((response) => (
              <Button
                key={response}
                size="sm"
                variant={session.my_rsvp?.response === response ? 'default' : 'outline'}
                aria-pressed={session.my_rsvp?.response === response}
                disabled={answer.isPending}
                onClick={() => respond(response)}
              >
                {t(`rsvp.${response}`)}
              </Button>
            ))}
          </fieldset>
          {full && session.my_rsvp?.response !== 'going' ? (
            <p className="text-xs text-muted-foreground">{t('rsvp.fullHint')}</p>
          ) : null}
          <p role="status" className="text-sm">
            {answerText(t, session)}
          </p>
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {session.live_now ? (
          <Button asChild size="sm">
            <Link to={roomPath(session.id)} aria-label={t('actions.joinNamed', { title: session.title })}>
              <Radio aria-hidden="true" />
              {t('actions.join')}
            </Link>
          </Button>
        ) : null}
        {session.meeting_url && !cancelled && !ended ? (
          <NewTabLink href={session.meeting_url} icon={ExternalLink} label={t('actions.meetingLink')} />
        ) : null}
        {!cancelled && !ended ? (
          <Button asChild size="sm" variant="outline">
            <a href={`/api/live/sessions/${session.id}.ics`} download={`live-session-${session.id}.ics`}>
              <CalendarPlus aria-hidden="true" />
              {t('actions.addToCalendar')}
              <span className="sr-only">{session.title}</span>
            </a>
          </Button>
        ) : null}
        {ended && session.recording_url ? (
          <NewTabLink href={session.recording_url} icon={Video} label={t('actions.recording')} />
        ) : null}
        {session.can_edit && !cancelled && onEdit ? (
          <Button size="sm" variant="ghost" onClick={() => onEdit(session)}>
            <Pencil aria-hidden="true" />
            {ended ? t('actions.addRecording') : t('actions.edit')}
            <span className="sr-only">{session.title}</span>
          </Button>
        ) : null}
        {session.can_edit && !cancelled && !ended && onCancel ? (
          <Button size="sm" variant="ghost" onClick={() => onCancel(session)}>
            <XCircle aria-hidden="true" />
            {t('actions.cancel')}
            <span className="sr-only">{session.title}</span>
          </Button>
        ) : null}
      </div>
    </article>
  );
}
