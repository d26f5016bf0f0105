import {
  type ConsentRecord,
  DEFAULT_CONSENT_PREFERENCES,
  OPTIONAL_CONSENT_TYPES,
  type OptionalConsentType,
} from '@portal/shared/consent';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { dateTimeFormat } from '@/lib/intl-formats';
import { useConsent } from '../api/get-consent';
import { useConsentHistory } from '../api/get-consent-history';
import { useSaveConsent } from '../api/save-consent';
import { useWithdrawConsent } from '../api/withdraw-consent';
import { useStoredConsent } from '../hooks/use-cookie-consent';
import { ConsentCategory } from './consent-category';

function choiceOf(record: ConsentRecord): 'granted' | 'refused' | 'withdrawn' {
  if (record.is_granted) return 'granted';
  return record.granted_at ? 'withdrawn' : 'refused';
}

function ConsentHistoryList({ labelledBy }: { labelledBy: string }) {
  const { t, i18n } = useTranslation('consent');
  const history = useConsentHistory();
  const format = (iso: string) =>
    dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  if (history.isPending) return <Spinner label={t('settings.history.loading')} />;
  if (history.isError) return <Alert variant="destructive">{t('settings.history.loadFailed')}</Alert>;
  if (history.data.length === 0) return <p className="text-sm text-muted-foreground">{t('settings.history.empty')}</p>;
  return (
    <div className="overflow-x-auto">
      <table aria-labelledby={labelledBy} className="w-full text-left text-sm">
        <thead className="text-muted-foreground">
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('settings.history.date')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('settings.history.category')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('settings.history.choice')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('settings.history.ended')}
            </th>
          </tr>
        </thead>
        <tbody>
          {history.data.map((record) => (
            <tr key={record.id} className="border-b border-border last:border-0">
              <td className="py-2 pr-4 whitespace-nowrap">
                <time dateTime={record.created_at}>{format(record.created_at)}</time>
              </td>
              <td className="py-2 pr-4">{t(`categories.${record.consent_type}.name`)}</td>
              <td className="py-2 pr-4">{t(`status.${choiceOf(record)}`)}</td>
              <td className="py-2 whitespace-nowrap">
                {record.withdrawn_at ? (
                  <time dateTime={record.withdrawn_at}>{format(record.withdrawn_at)}</time>
                ) : (
                  t('status.inForce')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Privacy & cookies settings: the choices in force, with a switch per category (switching one off withdraws that
 * consent), and every decision recorded for the signed-in user.
 */
export function ConsentSettings() {
  const { t } = useTranslation('consent');
  const current = useConsent();
  const stored = useStoredConsent();
  const save = useSaveConsent();
  const withdraw = useWithdrawConsent();
  const preferences = current.data?.preferences ?? stored ?? DEFAULT_CONSENT_PREFERENCES;
  const busy = save.isPending || withdraw.isPending;
  const historyId = useId();

  const feedback = {
    onSuccess: () => toast.success(t('settings.saved')),
    onError: () => toast.error(t('settings.saveFailed')),
  };
  const change = (type: OptionalConsentType, granted: boolean) => {
    if (!granted && current.data?.preferences) withdraw.mutate(type, feedback);
    else save.mutate({ ...preferences, [type]: granted }, feedback);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.title')}</CardTitle>
        <CardDescription>{t('settings.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-base font-semibold">{t('settings.current')}</legend>
          {current.isPending ? <Spinner label={t('settings.loading')} /> : null}
          {current.isError ? <Alert variant="destructive">{t('settings.loadFailed')}</Alert> : null}
          <ConsentCategory type="essential" checked onCheckedChange={() => undefined} />
          {OPTIONAL_CONSENT_TYPES.map((type) => (
            <ConsentCategory
              key={type}
              type={type}
              checked={preferences[type]}
              disabled={busy || current.isPending}
              onCheckedChange={(granted) => change(type, granted)}
            />
          ))}
        </fieldset>
        <div className="flex flex-col gap-3">
          <h3 id={historyId} className="text-base font-semibold">
            {t('settings.history.title')}
          </h3>
          <ConsentHistoryList labelledBy={historyId} />
        </div>
      </CardContent>
    </Card>
  );
}
