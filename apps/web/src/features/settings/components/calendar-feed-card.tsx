import { CalendarDays, Copy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { dateTimeFormat } from '@/lib/intl-formats';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';

/** The private iCalendar link: created on request, shown once, replaceable and revocable. */
export function CalendarFeedCard() {
  const { t, i18n } = useTranslation('settings');
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const urlId = useId();
  const when = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const freshUrl = feed.data?.active ? create.data?.url : undefined;

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: () => toast.success(t('calendarFeed.created')),
      onError: () => toast.error(t('calendarFeed.failed')),
    });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        create.reset();
        toast.success(t('calendarFeed.turnedOff'));
      },
      onError: () => toast.error(t('calendarFeed.failed')),
    });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('calendarFeed.copied'));
    } catch {
      toast.error(t('calendarFeed.copyFailed'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays className="size-5" aria-hidden="true" />
          {t('calendarFeed.title')}
        </CardTitle>
        <CardDescription>{t('calendarFeed.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {feed.isPending ? (
          <Spinner label={t('calendarFeed.loading')} />
        ) : feed.isError ? (
          <Alert variant="destructive">{t('calendarFeed.loadFailed')}</Alert>
        ) : freshUrl ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor={urlId}>{t('calendarFeed.linkLabel')}</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={urlId}
                readOnly
                value={freshUrl}
                aria-describedby={`${urlId}-hint`}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono text-xs"
              />
              <Button type="button" variant="outline" onClick={() => void copy(freshUrl)}>
                <Copy className="size-4" aria-hidden="true" />
                {t('calendarFeed.copy')}
              </Button>
            </div>
            <p id={`${urlId}-hint`} className="text-sm text-muted-foreground">
              {t('calendarFeed.shownOnce')}
            </p>
            <p className="text-sm">{t('calendarFeed.howTo')}</p>
          </div>
        ) : feed.data?.active ? (
          <p className="text-sm" role="status">
            {t('calendarFeed.activeSince', { date: when.format(new Date(feed.data.created_at ?? Date.now())) })}{' '}
            {feed.data.last_fetched_at
              ? t('calendarFeed.lastRead', { date: when.format(new Date(feed.data.last_fetched_at)) })
              : t('calendarFeed.neverRead')}
          </p>
        ) : (
          <p className="text-sm" role="status">
            {t('calendarFeed.off')}
          </p>
        )}
      </CardContent>
      {feed.isSuccess ? (
        <CardFooter className="flex flex-wrap gap-2">
          <Button type="button" onClick={makeLink} disabled={create.isPending}>
            {feed.data.active ? t('calendarFeed.replace') : t('calendarFeed.create')}
          </Button>
          {feed.data.active ? (
            <Button type="button" variant="outline" onClick={turnOff} disabled={revoke.isPending}>
              {t('calendarFeed.turnOff')}
            </Button>
          ) : null}
          {feed.data.active ? (
            <p className="w-full text-sm text-muted-foreground">{t('calendarFeed.replaceHint')}</p>
          ) : null}
        </CardFooter>
      ) : null}
    </Card>
  );
}
