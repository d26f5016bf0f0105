import type { InterfaceLanguage } from '@portal/shared/language';
import type { Tier } from '@portal/shared/tiers';

export type Receipt = {
  tier: Tier;
  interval: 'month' | 'year';
  amount: number;
  currency: string;
  periodEnd: Date;
  invoiceId: string;
  /** A sandbox payment says that no real money was taken. */
  sandbox: boolean;
};

const TIER_NAMES: Record<Tier, string> = { calm: 'Calm', me: 'Me', us: 'Us', universal: 'Universal' };

const INTERVALS: Record<InterfaceLanguage, Record<Receipt['interval'], string>> = {
  en: { month: 'monthly', year: 'yearly' },
  zh: { month: '按月', year: '按年' },
  de: { month: 'monatlich', year: 'jährlich' },
};

const LOCALES: Record<InterfaceLanguage, string> = { en: 'en-GB', zh: 'zh-CN', de: 'de-DE' };

export function formatMoney(amount: number, currency: string, language: InterfaceLanguage): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency }).format(amount / 100);
}

/** The receipt mail after a paid checkout, in the language the user paid in. */
export function receiptMail(language: InterfaceLanguage, receipt: Receipt): { subject: string; text: string } {
  const plan = TIER_NAMES[receipt.tier];
  const price = formatMoney(receipt.amount, receipt.currency, language);
  const interval = INTERVALS[language][receipt.interval];
  const until = receipt.periodEnd.toLocaleDateString(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' });
  switch (language) {
    case 'zh':
      return {
        subject: `收据：${plan} 套餐`,
        text: `感谢您的付款。\n\n套餐：${plan}（${interval}）\n金额：${price}\n有效期至：${until}\n收据编号：${receipt.invoiceId}${receipt.sandbox ? '\n\n这是测试环境的付款，未收取真实费用。' : ''}`,
      };
    case 'de':
      return {
        subject: `Beleg: Tarif ${plan}`,
        text: `Vielen Dank für Ihre Zahlung.\n\nTarif: ${plan} (${interval})\nBetrag: ${price}\nGültig bis: ${until}\nBelegnummer: ${receipt.invoiceId}${receipt.sandbox ? '\n\nDies ist eine Zahlung in der Testumgebung; es wurde kein echtes Geld abgebucht.' : ''}`,
      };
    default:
      return {
        subject: `Receipt: ${plan} plan`,
        text: `Thank you for your payment.\n\nPlan: ${plan} (${interval})\nAmount: ${price}\nPaid through: ${until}\nReceipt number: ${receipt.invoiceId}${receipt.sandbox ? '\n\nThis was a sandbox payment; no real money was taken.' : ''}`,
      };
  }
}
