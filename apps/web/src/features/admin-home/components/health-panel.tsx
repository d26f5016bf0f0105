import type { HealthState, SystemHealth } from '@portal/shared/admin-overview';
import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { numberFormat } from '@/lib/intl-formats';
import { useDisplayFormats } from '@/lib/profile';
import { cn } from '@/lib/utils';

const STATE_ICONS = { ok: CheckCircle2, warning: AlertTriangle, down: XCircle } as const;

function HealthStatus({ state }: { state: HealthState }) {
  const { t } = useTranslation('admin-home');
  const Icon = STATE_ICONS[state];
  return (
    <span className="inline-flex items-center gap-1.5 text-sm font-medium">
      <Icon
        className={cn(
          'size-4',
          state === 'ok' && 'text-success',
          state === 'warning' && 'text-warning',
          state === 'down' && 'text-destructive',
        )}
        aria-hidden="true"
      />
      {t(`health.states.${state}`)}
    </span>
  );
}

/** Each part the product needs, whether it works now and the figures that say so. */
export function HealthPanel({ health }: { health: SystemHealth }) {
  const { t, i18n } = useTranslation('admin-home');
  const { formatDate, formatTime } = useDisplayFormats();
  const number = numberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 1 });
  const ms = (value: number | null) =>
    value === null ? t('kpi.none') : t('health.ms', { value: number.format(value) });
  const lastSent = health.mail.last_sent_at
    ? `${formatDate(new Date(health.mail.last_sent_at))} ${formatTime(new Date(health.mail.last_sent_at))}`
    : t('health.mail.never');
  const parts: { key: keyof SystemHealth; detail: string }[] = [
    {
      key: 'database',
      detail: t('health.database.detail', {
        kind: t(`health.database.${health.database.kind}`),
        latency: ms(health.database.latency_ms),
      }),
    },
    {
      key: 'mail',
      detail: [
        health.mail.smtp_configured ? t('health.mail.smtp') : t('health.mail.noSmtp'),
        t('health.mail.counts', { pending: health.mail.pending, failed: health.mail.failed }),
        t('health.mail.lastSent', { when: lastSent }),
      ].join(' · '),
    },
    {
      key: 'files',
      detail:
        health.files.status === 'down'
          ? t('health.files.down')
          : t('health.files.detail', { latency: ms(health.files.latency_ms) }),
    },
    {
      key: 'jobs',
      detail: [
        health.jobs.running ? t('health.jobs.running') : t('health.jobs.stopped'),
        t('health.jobs.counts', { queued: health.jobs.queued, active: health.jobs.active, failed: health.jobs.failed }),
      ].join(' · '),
    },
    { key: 'realtime', detail: t('health.realtime.detail', { count: health.realtime.connections }) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('health.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-border">
          {parts.map(({ key, detail }) => (
            <li key={key} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2">
              <div className="min-w-0">
                <p className="font-medium">{t(`health.${key}.title`)}</p>
                <p className="text-sm text-muted-foreground">{detail}</p>
              </div>
              <HealthStatus state={health[key].status} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
