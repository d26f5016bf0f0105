import type { InterfaceLanguage } from '@portal/shared/language';
import type { Tier } from '@portal/shared/tiers';

type Mail = { subject: string; text: string };
const TIER_NAMES: Record<Tier, string> = { calm: 'Calm', me: 'Me', us: 'Us', universal: 'Universal' };
const DATE_LOCALES: Record<InterfaceLanguage, string> = { en: 'en-GB', zh: 'zh-CN', de: 'de-DE' };

/** A date as the mail's reader writes it. */
export function mailDate(date: Date, language: InterfaceLanguage): string {
  return date.toLocaleDateString(DATE_LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' });
}

const INTERVAL_NAMES: Record<InterfaceLanguage, Record<'month' | 'year', string>> = {
  en: { month: 'monthly', year: 'yearly' },
  zh: { month: '按月', year: '按年' },
  de: { month: 'monatlich', year: 'jährlich' },
};

export type PlanNotice =
  | { kind: 'change_scheduled'; tier: Tier; interval: 'month' | 'year'; date: Date }
  | { kind: 'change_undone'; tier: Tier }
  | { kind: 'canceled'; tier: Tier; date: Date }
  | { kind: 'resumed'; tier: Tier; date: Date }
  | { kind: 'free_access'; tier: Tier; date: Date; code: string };

type NoticeValues = { plan: string; date: string; interval: string; code: string };
type NoticeTexts = Record<PlanNotice['kind'], Mail>;

function englishNotices({ plan, date, interval, code }: NoticeValues): NoticeTexts {
  return {
    change_scheduled: {
      subject: `Plan change scheduled: ${plan}`,
      text: `Your plan changes to ${plan} (${interval}) on ${date}. Until then everything stays as it is. You can undo this on your subscription page.`,
    },
    change_undone: {
      subject: 'Scheduled plan change undone',
      text: `The scheduled change was undone. You stay on the ${plan} plan.`,
    },
    canceled: {
      subject: `Your ${plan} plan ends on ${date}`,
      text: `You canceled your ${plan} plan. You keep it until ${date}; after that nothing more is charged. You can resume it on your subscription page until then.`,
    },
    resumed: {
      subject: `Your ${plan} plan continues`,
      text: `Your ${plan} plan is no longer canceled. It renews on ${date}.`,
    },
    free_access: {
      subject: `Coupon redeemed: ${plan} plan`,
      text: `The coupon ${code} gives you the ${plan} plan free until ${date}.`,
    },
  };
}

function chineseNotices({ plan, date, interval, code }: NoticeValues): NoticeTexts {
  return {
    change_scheduled: {
      subject: `已安排套餐变更：${plan}`,
      text: `您的套餐将于 ${date} 变更为 ${plan}（${interval}）。在此之前一切保持不变。您可以在订阅页面撤销此变更。`,
    },
    change_undone: { subject: '已撤销套餐变更', text: `已撤销安排的变更。您继续使用 ${plan} 套餐。` },
    canceled: {
      subject: `您的 ${plan} 套餐将于 ${date} 结束`,
      text: `您已取消 ${plan} 套餐。您可以使用到 ${date}，之后不再扣费。在此之前，您可以在订阅页面恢复。`,
    },
    resumed: { subject: `您的 ${plan} 套餐将继续`, text: `您的 ${plan} 套餐已恢复，将于 ${date} 续订。` },
    free_access: {
      subject: `优惠码已兑换：${plan} 套餐`,
      text: `优惠码 ${code} 让您免费使用 ${plan} 套餐至 ${date}。`,
    },
  };
}

function germanNotices({ plan, date, interval, code }: NoticeValues): NoticeTexts {
  return {
    change_scheduled: {
      subject: `Tarifwechsel geplant: ${plan}`,
      text: `Ihr Tarif wechselt am ${date} zu ${plan} (${interval}). Bis dahin bleibt alles, wie es ist. Sie können das auf Ihrer Abo-Seite rückgängig machen.`,
    },
    change_undone: {
      subject: 'Geplanter Tarifwechsel zurückgenommen',
      text: `Der geplante Wechsel wurde zurückgenommen. Sie bleiben im Tarif ${plan}.`,
    },
    canceled: {
      subject: `Ihr Tarif ${plan} endet am ${date}`,
      text: `Sie haben Ihren Tarif ${plan} gekündigt. Sie behalten ihn bis zum ${date}; danach wird nichts mehr abgebucht. Bis dahin können Sie ihn auf Ihrer Abo-Seite fortsetzen.`,
    },
    resumed: {
      subject: `Ihr Tarif ${plan} läuft weiter`,
      text: `Ihr Tarif ${plan} ist nicht mehr gekündigt. Er verlängert sich am ${date}.`,
    },
    free_access: {
      subject: `Gutschein eingelöst: Tarif ${plan}`,
      text: `Der Gutschein ${code} gibt Ihnen den Tarif ${plan} kostenlos bis zum ${date}.`,
    },
  };
}

const NOTICES: Record<InterfaceLanguage, (values: NoticeValues) => NoticeTexts> = {
  en: englishNotices,
  zh: chineseNotices,
  de: germanNotices,
};

/** The notice mail after the user changed their plan, in their language. */
export function planNoticeMail(language: InterfaceLanguage, notice: PlanNotice): Mail {
  const plan = TIER_NAMES[notice.tier];
  const date = 'date' in notice ? mailDate(notice.date, language) : '';
  const interval = notice.kind === 'change_scheduled' ? INTERVAL_NAMES[language][notice.interval] : '';
  const code = 'code' in notice ? notice.code : '';
  return NOTICES[language]({ plan, date, interval, code })[notice.kind];
}
