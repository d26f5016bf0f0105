import { LIVE_FILTERS, type LiveFilter, type LiveSession } from '@portal/shared/live';
import type { Tier } from '@portal/shared/tiers';
import { CalendarClock, Plus, Radio } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { PlanUpgrade } from '@/components/plan-upgrade';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { useLiveHub } from '../api/get-live-hub';
import { CancelSessionDialog, EditSessionDialog } from '../components/edit-session-dialog';
import { LiveCalendar } from '../components/live-calendar';
import { ScheduleDialog } from '../components/schedule-dialog';
import { SessionCard } from '../components/session-card';

function SessionList({
  sessions,
  onEdit,
  onCancel,
}: {
  sessions: LiveSession[];
  onEdit: (session: LiveSession) => void;
  onCancel: (session: LiveSession) => void;
}) {
  return (
    <ul className="flex max-w-4xl flex-col gap-3">
      {sessions.map((session) => (
        <li key={session.id}>
          <SessionCard session={session} onEdit={onEdit} onCancel={onCancel} />
        </li>
      ))}
    </ul>
  );
}

/** The live hub: sessions live now, upcoming ones by filter, a calendar, and recordings of past sessions. */
export function LiveHubPage() {
  const { t } = useTranslation('live');
  const [params, setParams] = useSearchParams();
  const requested = params.get('filter');
  const filter: LiveFilter = LIVE_FILTERS.includes(requested as LiveFilter) ? (requested as LiveFilter) : 'all';
  const hub = useLiveHub(filter);
  const [scheduling, setScheduling] = useState(false);
  const [editing, setEditing] = useState<LiveSession | null>(null);
  const [cancelling, setCancelling] = useState<LiveSession | null>(null);
  const actions = { onEdit: setEditing, onCancel: setCancelling };

  if (hub.error instanceof ApiError && hub.error.code === 'subscription_required') {
    return (
      <div>
        <PageHeader title={t('title')} description={t('description')} />
        <PlanUpgrade tier={(hub.error.reasons[0] as Tier | undefined) ?? 'us'} feature={t('feature')} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setScheduling(true)}>
            <Plus aria-hidden="true" />
            {t('schedule')}
          </Button>
        }
      />
      {hub.isPending ? <Spinner label={t('loading')} /> : null}
      {hub.isError ? <Alert variant="destructive">{t('loadFailed')}</Alert> : null}

      {hub.data ? (
        <section aria-labelledby="live-now-heading" className="flex flex-col gap-3">
          <h2 id="live-now-heading" className="flex items-center gap-2 text-lg font-semibold">
            <Radio className="size-5 text-primary" aria-hidden="true" />
            {t('liveNow.title')}
          </h2>
          {hub.data.live_now.length > 0 ? (
            <SessionList sessions={hub.data.live_now} {...actions} />
          ) : (
            <p className="text-sm text-muted-foreground">{t('liveNow.empty')}</p>
          )}
        </section>
      ) : null}

      <section aria-labelledby="upcoming-heading" className="flex flex-col gap-3">
        <h2 id="upcoming-heading" className="text-lg font-semibold">
          {t('upcoming.title')}
        </h2>
        <Tabs value={filter} onValueChange={(value) => setParams({ filter: value }, { replace: true })}>
          <TabsList aria-label={t('filters.label')}>
            {LIVE_FILTERS.map((key) => (
              <TabsTrigger key={key} value={key}>
                {t(`filters.${key}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {LIVE_FILTERS.map((key) => (
            <TabsContent key={key} value={key} className="flex flex-col gap-8">
              {hub.data && key === filter ? (
                hub.data.upcoming.length > 0 ? (
                  <SessionList sessions={hub.data.upcoming} {...actions} />
                ) : (
                  <EmptyState
                    icon={CalendarClock}
                    title={t(`upcoming.empty.${key}.title`)}
                    description={t(`upcoming.empty.${key}.description`)}
                  />
                )
              ) : null}
              {key === filter ? <LiveCalendar filter={filter} {...actions} /> : null}
            </TabsContent>
          ))}
        </Tabs>
      </section>

      {hub.data && hub.data.past.length > 0 ? (
        <section aria-labelledby="past-heading" className="flex flex-col gap-3">
          <h2 id="past-heading" className="text-lg font-semibold">
            {t('past.title')}
          </h2>
          <SessionList sessions={hub.data.past} {...actions} />
        </section>
      ) : null}

      <ScheduleDialog open={scheduling} onOpenChange={setScheduling} />
      <EditSessionDialog session={editing} onClose={() => setEditing(null)} />
      <CancelSessionDialog session={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}
