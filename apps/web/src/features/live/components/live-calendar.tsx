import { type LiveFilter, type LiveSession, localOfInstant } from '@portal/shared/live';
import { shiftLocalDate, startOfLocalDate, todayIn } from '@portal/shared/time-zone';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { dateTimeFormat } from '@/lib/intl-formats';
import { useDisplayFormats } from '@/lib/profile';
import { cn } from '@/lib/utils';
import { useLiveSessions } from '../api/get-live-sessions';
import { SessionCard } from './session-card';

const VIEWS = ['week', 'month', 'list'] as const;
type View = (typeof VIEWS)[number];

/** Weekday of a local date, Monday 0 to Sunday 6. */
const weekdayOf = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
const mondayOf = (date: string) => shiftLocalDate(date, -weekdayOf(date));

/** The local dates a view shows: one week, or the whole weeks that cover the anchor's month. */
function daysOf(view: View, anchor: string): string[] {
  if (view !== 'month') return Array.from({ length: 7 }, (_, index) => shiftLocalDate(mondayOf(anchor), index));
  const first = `${anchor.slice(0, 7)}-01`;
  const start = mondayOf(first);
  const days: string[] = [];
  for (let date = start; days.length < 42; date = shiftLocalDate(date, 1)) {
    if (days.length % 7 === 0 && days.length > 0 && date.slice(0, 7) !== anchor.slice(0, 7)) break;
    days.push(date);
  }
  return days;
}

/** Week and month grids (a real table, one column per weekday) and a list of the same sessions. */
export function LiveCalendar({
  filter,
  onEdit,
  onCancel,
}: {
  filter: LiveFilter;
  onEdit: (session: LiveSession) => void;
  onCancel: (session: LiveSession) => void;
}) {
  const { t, i18n } = useTranslation('live');
  const { timeZone: profileZone, formatTime } = useDisplayFormats();
  const timeZone = profileZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [view, setView] = useState<View>('week');
  const [anchor, setAnchor] = useState(() => todayIn(timeZone));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const detailRef = useRef<HTMLElement>(null);
  const captionId = useId();
  const days = daysOf(view, anchor);
  const first = days[0] ?? anchor;
  const last = days.at(-1) ?? anchor;
  const sessions = useLiveSessions({
    from: startOfLocalDate(first, timeZone).toISOString(),
    to: startOfLocalDate(shiftLocalDate(last, 1), timeZone).toISOString(),
    filter,
  });
  const list = sessions.data?.sessions ?? [];
  const dayOf = (session: LiveSession) => localOfInstant(new Date(session.starts_at), timeZone).slice(0, 10);
  const onDay = (date: string) => list.filter((session) => dayOf(session) === date);
  const selected = list.find((session) => session.id === selectedId) ?? null;
  const dateLabel = (date: string, options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(i18n.language, { ...options, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  const caption =
    view === 'month'
      ? dateLabel(anchor, { month: 'long', year: 'numeric' })
      : t('calendar.weekOf', { date: dateLabel(first, { dateStyle: 'long' }) });
  const step = (direction: 1 | -1) =>
    setAnchor(
      view === 'month'
        ? `${shiftLocalDate(`${anchor.slice(0, 7)}-15`, direction * 30).slice(0, 7)}-01`
        : shiftLocalDate(anchor, direction * 7),
    );
  const select = (session: LiveSession) => {
    setSelectedId(session.id);
    requestAnimationFrame(() => detailRef.current?.focus());
  };

  const sessionButton = (session: LiveSession) => (
    <button
      type="button"
      onClick={() => select(session)}
      className={cn(
        'w-full rounded px-1.5 py-1 text-left text-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
        session.status === 'cancelled' ? 'line-through opacity-70' : 'bg-primary/10',
      )}
    >
      <span className="font-medium">{formatTime(new Date(session.starts_at))}</span> {session.title}
      {session.status === 'cancelled' ? <span className="sr-only"> ({t('cancelledBadge')})</span> : null}
    </button>
  );

  return (
    <section aria-labelledby={captionId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={captionId} className="text-lg font-semibold" aria-live="polite">
          {view === 'list' ? t('calendar.listOf', { caption }) : caption}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="flex gap-1">
            <legend className="sr-only">{t('calendar.viewLabel')}</legend>
            {VIEWS.map((option) => (
              <Button
                key={option}
                size="sm"
                variant={view === option ? 'default' : 'outline'}
                aria-pressed={view === option}
                onClick={() => setView(option)}
              >
                {t(`calendar.views.${option}`)}
              </Button>
            ))}
          </fieldset>
          <Button size="icon" variant="outline" aria-label={t('calendar.previous')} onClick={() => step(-1)}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAnchor(todayIn(timeZone))}>
            {t('calendar.today')}
          </Button>
          <Button size="icon" variant="outline" aria-label={t('calendar.next')} onClick={() => step(1)}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {sessions.isPending ? <Spinner label={t('loading')} /> : null}
      {sessions.isError ? <Alert variant="destructive">{t('loadFailed')}</Alert> : null}
      {view === 'list' ? (
        list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('calendar.nothing')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {days
              .filter((date) => onDay(date).length > 0)
              .map((date) => (
                <li key={date} className="flex flex-col gap-2">
                  <h3 className="text-sm font-semibold">{dateLabel(date, { dateStyle: 'full' })}</h3>
                  <ul className="flex flex-col gap-1">
                    {onDay(date).map((session) => (
                      <li key={session.id}>{sessionButton(session)}</li>
                    ))}
                  </ul>
                </li>
              ))}
          </ul>
        )
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full table-fixed border-collapse text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                {days.slice(0, 7).map((date) => (
                  <th key={date} scope="col" className="border border-border p-1 text-xs font-medium">
                    <abbr title={dateLabel(date, { weekday: 'long' })} className="no-underline">
                      {dateLabel(date, { weekday: 'short' })}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7)).map((row) => (
                <tr key={row[0]}>
                  {row.map((date) => {
                    const today = date === todayIn(timeZone);
                    const outside = view === 'month' && date.slice(0, 7) !== anchor.slice(0, 7);
                    return (
                      <td
                        key={date}
                        aria-current={today ? 'date' : undefined}
                        className={cn(
                          'h-24 border border-border p-1 align-top',
                          outside && 'bg-muted/40 text-muted-foreground',
                          today && 'bg-accent/60',
                        )}
                      >
                        <span className="block text-xs" aria-hidden="true">
                          {Number(date.slice(8))}
                        </span>
                        <span className="sr-only">{dateLabel(date, { dateStyle: 'full' })}</span>
                        <ul className="mt-1 flex flex-col gap-1">
                          {onDay(date).map((session) => (
                            <li key={session.id}>{sessionButton(session)}</li>
                          ))}
                        </ul>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {selected ? (
        <section ref={detailRef} tabIndex={-1} aria-label={t('calendar.selected')} className="focus-visible:outline-2">
          <SessionCard session={selected} onEdit={onEdit} onCancel={onCancel} />
        </section>
      ) : null}
    </section>
  );
}
