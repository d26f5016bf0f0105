import type { StudySession } from '@portal/shared/study';
import { Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useStopStudySession } from '../api/stop-study-session';

/** Another mode's session is still open: one session runs at a time, so offer to go back to it or end it. */
export function OpenSessionNotice({ session }: { session: StudySession }) {
  const { t } = useTranslation('study');
  const stop = useStopStudySession();
  const mode = t(`modes.${session.mode}.label`);
  return (
    <section
      aria-labelledby="open-session-heading"
      className="flex flex-col items-start gap-3 rounded-lg border border-warning/50 bg-warning/10 p-5"
    >
      <h2 id="open-session-heading" className="text-lg font-semibold">
        {t('open.title', { mode })}
      </h2>
      <p className="text-sm">{t('open.description')}</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={`/dashboard/learner/study/${session.mode}`}>{t('open.goTo', { mode })}</Link>
        </Button>
        <Button
          variant="outline"
          disabled={stop.isPending}
          onClick={() =>
            stop.mutate(session.id, {
              onSuccess: ({ session: ended }) =>
                toast.success(t('saved', { minutes: Math.floor(ended.focused_seconds / 60) })),
              onError: () => toast.error(t('actionFailed')),
            })
          }
        >
          <Square aria-hidden="true" />
          {t('open.stop', { mode })}
        </Button>
      </div>
    </section>
  );
}
