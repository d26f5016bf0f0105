import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPrice } from '@/lib/format-price';
import { formatInstant } from '@/lib/intl-formats';
import { useInvoices } from '../api/get-invoices';

/** Paid invoices, newest first, each with its printable receipt. */
export function InvoiceList() {
  const { t, i18n } = useTranslation('plans');
  const invoices = useInvoices();
  const rows = invoices.data?.invoices ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="invoices-title" className="mb-10">
      <h2 id="invoices-title" className="mb-3 text-lg font-semibold">
        {t('receipts.title')}
      </h2>
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted/50 text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('receipts.date')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('receipts.plan')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('receipts.amount')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                <span className="sr-only">{t('receipts.view')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((invoice) => (
              <tr key={invoice.id} className="border-t border-border">
                <td className="px-4 py-2">{formatInstant(invoice.paid_at, i18n.language, { dateStyle: 'medium' })}</td>
                <td className="px-4 py-2">
                  {t(`tiers.${invoice.tier}.name`)} · {t(`intervals.${invoice.interval}`)}
                </td>
                <td className="px-4 py-2">{formatPrice(invoice.amount, invoice.currency, i18n.language)}</td>
                <td className="px-4 py-2 text-right">
                  <Link
                    className="text-primary underline-offset-4 hover:underline"
                    to={`/dashboard/subscription/receipts/${encodeURIComponent(invoice.id)}`}
                  >
                    {t('receipts.view')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
