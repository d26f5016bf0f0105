import { Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatPrice } from '@/lib/format-price';
import { formatInstant } from '@/lib/intl-formats';
import { useInvoice } from '../api/get-invoices';

/** A printable receipt for one paid invoice. */
export function Receipt() {
  const { invoiceId = '' } = useParams();
  const { t, i18n } = useTranslation('plans');
  const invoice = useInvoice(invoiceId);
  if (invoice.isPending) return <Spinner label={t('receipts.loading')} />;
  if (!invoice.data) return <Alert variant="destructive">{t('receipts.missing')}</Alert>;
  const date = (iso: string) => formatInstant(iso, i18n.language, { dateStyle: 'long' });
  const { data } = invoice;
  return (
    <article aria-labelledby="receipt-title" className="mx-auto max-w-xl rounded-lg border border-border bg-card p-8">
      <div className="mb-6 flex items-start justify-between gap-4">
        <div>
          <h1 id="receipt-title" className="text-2xl font-semibold">
            {t('receipts.receipt')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('receipts.number', { id: data.id })}</p>
        </div>
        <Button variant="outline" onClick={() => window.print()} className="print:hidden">
          <Printer aria-hidden="true" />
          {t('receipts.print')}
        </Button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="text-muted-foreground">{t('receipts.paidOn')}</dt>
        <dd>{date(data.paid_at)}</dd>
        <dt className="text-muted-foreground">{t('receipts.plan')}</dt>
        <dd>
          {t(`tiers.${data.tier}.name`)} · {t(`intervals.${data.interval}`)}
        </dd>
        <dt className="text-muted-foreground">{t('receipts.period')}</dt>
        <dd>{t('receipts.periodRange', { from: date(data.period_start), to: date(data.period_end) })}</dd>
        <dt className="font-medium">{t('receipts.amount')}</dt>
        <dd className="font-medium">{formatPrice(data.amount, data.currency, i18n.language)}</dd>
      </dl>
      {data.provider === 'sandbox' ? (
        <p className="mt-6 text-xs text-muted-foreground">{t('receipts.sandbox')}</p>
      ) : null}
      <Link
        to="/dashboard/subscription"
        className="mt-6 inline-block text-sm text-primary underline-offset-4 hover:underline print:hidden"
      >
        {t('receipts.back')}
      </Link>
    </article>
  );
}
