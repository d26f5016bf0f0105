import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { dateTimeFormat } from '@/lib/intl-formats';
import { liveAttendanceCsvUrl, useLiveAttendance } from '../api/get-live-attendance';

/** Attendance for the host: first joined, last left and minutes per person, with a CSV export. */
export function AttendancePanel({ sessionId }: { sessionId: string }) {
  const { t, i18n } = useTranslation('live-room');
  const attendance = useLiveAttendance(sessionId, true);
  const format = dateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const rows = attendance.data?.attendees ?? [];
  return (
    <section aria-labelledby="room-attendance-title" className="rounded-lg border border-border bg-card p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="room-attendance-title" className="text-lg font-semibold">
          {t('attendance.title')}
        </h2>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => void attendance.refetch()}>
            {t('attendance.refresh')}
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={liveAttendanceCsvUrl(sessionId)} download>
              {t('attendance.csv')}
            </a>
          </Button>
        </div>
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('attendance.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('attendance.name')}</th>
            <th scope="col">{t('attendance.firstJoined')}</th>
            <th scope="col">{t('attendance.lastLeft')}</th>
            <th scope="col">{t('attendance.minutes')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.user_id}>
              <th scope="row" className="font-normal">
                {row.name}
              </th>
              <td>{format.format(new Date(row.first_joined_at))}</td>
              <td>{row.last_left_at ? format.format(new Date(row.last_left_at)) : t('attendance.stillHere')}</td>
              <td>{row.total_minutes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
