import type { ScormEnrollmentStatus } from '@portal/shared/scorm';
import { CalendarClock, Package, PlayCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useMyScormEnrollments } from '../api/get-my-scorm-enrollments';
import { attemptResultText, formatDate } from './format';
import { MyScormAttempts } from './my-scorm-attempts';

/** What opening the package does: start it, carry on where the learner left off, or open a finished one again. */
const launchAction = (status: ScormEnrollmentStatus) =>
  status === 'not_started' ? 'launch' : status === 'in_progress' ? 'resume' : 'openAgain';

/** The signed-in learner's SCORM enrolments with a Launch button each, for the library. Renders nothing when none. */
export function MyScormEnrollments() {
  const { t, i18n } = useTranslation('scorm');
  const enrollments = useMyScormEnrollments();
  if (enrollments.isPending) return <Spinner label={t('mine.loading')} className="py-6" />;
  if (enrollments.isError || enrollments.data.length === 0) return null;
  return (
    <section aria-labelledby="my-scorm-heading" className="flex flex-col gap-3">
      <h2 id="my-scorm-heading" className="text-lg font-semibold">
        {t('mine.title')}
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {enrollments.data.map((enrollment) => {
          const percent =
            enrollment.total_scos === 0 ? 0 : Math.round((enrollment.completed_scos / enrollment.total_scos) * 100);
          return (
            <li key={enrollment.id}>
              <Card className="h-full">
                <CardHeader className="flex-row items-start gap-3">
                  <Package className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <CardTitle className="break-words text-base">{enrollment.package.title}</CardTitle>
                    {enrollment.package.description ? (
                      <p className="mt-1 text-sm text-muted-foreground">{enrollment.package.description}</p>
                    ) : null}
                  </div>
                  <Badge>{t(`enrollmentStatus.${enrollment.status}`)}</Badge>
                </CardHeader>
                <CardContent className="flex flex-col gap-3">
                  <div
                    role="progressbar"
                    aria-label={t('mine.progressLabel', { title: enrollment.package.title })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percent}
                    aria-valuetext={t('mine.progress', {
                      done: enrollment.completed_scos,
                      total: enrollment.total_scos,
                    })}
                    className="h-2 w-full overflow-hidden rounded-full bg-muted"
                  >
                    <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
                  </div>
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
                    <span>{t('mine.progress', { done: enrollment.completed_scos, total: enrollment.total_scos })}</span>
                    {enrollment.due_at ? (
                      <span className="flex items-center gap-1">
                        <CalendarClock className="size-4" aria-hidden="true" />
                        {t('mine.due', { date: formatDate(enrollment.due_at, i18n.language) })}
                      </span>
                    ) : null}
                  </div>
                  {enrollment.attempts.count > 0 ? (
                    <ul
                      aria-label={t('attempts.summaryLabel', { title: enrollment.package.title })}
                      className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground"
                    >
                      <li>{t('attempts.count', { count: enrollment.attempts.count })}</li>
                      {enrollment.attempts.best_score === null ? null : (
                        <li>{t('attempts.best', { value: enrollment.attempts.best_score })}</li>
                      )}
                      {enrollment.attempts.latest ? (
                        <li>{t('attempts.latest', { result: attemptResultText(enrollment.attempts.latest, t) })}</li>
                      ) : null}
                    </ul>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    {enrollment.launch_sco_id ? (
                      <Button asChild>
                        <Link
                          to={`/scorm/launch/${enrollment.id}/${enrollment.launch_sco_id}`}
                          aria-label={t(`mine.${launchAction(enrollment.status)}Label`, {
                            title: enrollment.package.title,
                          })}
                        >
                          <PlayCircle aria-hidden="true" />
                          {t(`mine.${launchAction(enrollment.status)}`)}
                        </Link>
                      </Button>
                    ) : null}
                    {enrollment.attempts.count > 0 ? (
                      <MyScormAttempts enrollmentId={enrollment.id} title={enrollment.package.title} />
                    ) : null}
                  </div>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
