import type { InterfaceLanguage } from '@portal/shared/language';
import type { Tier } from '@portal/shared/tiers';
import type { PlanEndReason } from './billing.provider.ts';
import { mailDate } from './subscription-management.mail.ts';

type Mail = { subject: string; text: string };
const TIER_NAMES: Record<Tier, string> = { calm: 'Calm', me: 'Me', us: 'Us', universal: 'Universal' };

/** A renewal could not be charged: the plan stays until `graceEndsAt`, then falls to calm. */
export function paymentFailedMail(language: InterfaceLanguage, notice: { tier: Tier; graceEndsAt: Date }): Mail {
  const plan = TIER_NAMES[notice.tier];
  const until = mailDate(notice.graceEndsAt, language);
  switch (language) {
    case 'zh':
      return {
        subject: `付款失败：${plan} 套餐`,
        text: `我们无法从您保存的付款方式中收取 ${plan} 套餐的续订费用。\n\n在 ${until} 之前，您的套餐保持不变。请在订阅页面更新付款方式；之后我们会再次尝试收费。若届时仍未付款，您的账户将转为免费的 Calm 套餐。`,
      };
    case 'de':
      return {
        subject: `Zahlung fehlgeschlagen: Tarif ${plan}`,
        text: `Die Verlängerung Ihres Tarifs ${plan} konnte nicht von Ihrer gespeicherten Zahlungsmethode abgebucht werden.\n\nBis zum ${until} bleibt Ihr Tarif unverändert. Bitte aktualisieren Sie Ihre Zahlungsmethode auf der Abo-Seite; wir versuchen die Abbuchung dann erneut. Ist bis dahin nicht bezahlt, wechselt Ihr Konto zum kostenlosen Tarif Calm.`,
      };
    default:
      return {
        subject: `Payment failed: ${plan} plan`,
        text: `We could not charge the renewal of your ${plan} plan to your saved payment method.\n\nYour plan stays as it is until ${until}. Please update your payment method on your subscription page; we will try the charge again. If it is still unpaid by then, your account moves to the free Calm plan.`,
      };
  }
}

/** The plan ended (canceled at its period end, unpaid after the grace period, or free access over): calm now. */
export function planEndedMail(language: InterfaceLanguage, notice: { tier: Tier; reason: PlanEndReason }): Mail {
  const plan = TIER_NAMES[notice.tier];
  const why = {
    zh: {
      unpaid: `由于续订费用在宽限期内未能支付，您的 ${plan} 套餐已结束。`,
      canceled: `您已取消的 ${plan} 套餐已在本期结束时终止。`,
      free_access: `您通过优惠码获得的 ${plan} 套餐免费使用期已结束。`,
    },
    de: {
      unpaid: `Ihr Tarif ${plan} ist beendet, weil die Verlängerung innerhalb der Nachfrist nicht bezahlt wurde.`,
      canceled: `Ihr gekündigter Tarif ${plan} ist zum Ende des Zeitraums ausgelaufen.`,
      free_access: `Der kostenlose Zugang zum Tarif ${plan} aus Ihrem Gutscheincode ist abgelaufen.`,
    },
    en: {
      unpaid: `Your ${plan} plan has ended because the renewal was not paid within the grace period.`,
      canceled: `Your canceled ${plan} plan ended at the end of its period.`,
      free_access: `The free access to the ${plan} plan your coupon gave you is over.`,
    },
  }[language][notice.reason];
  switch (language) {
    case 'zh':
      return {
        subject: `您的 ${plan} 套餐已结束`,
        text: `${why}\n\n您现在使用免费的 Calm 套餐，您的课程、目标和笔记都会保留。您可以随时在套餐页面重新订阅。`,
      };
    case 'de':
      return {
        subject: `Ihr Tarif ${plan} ist beendet`,
        text: `${why}\n\nSie nutzen jetzt den kostenlosen Tarif Calm; Ihre Kurse, Ziele und Notizen bleiben erhalten. Sie können jederzeit auf der Tarifseite wieder abonnieren.`,
      };
    default:
      return {
        subject: `Your ${plan} plan has ended`,
        text: `${why}\n\nYou are on the free Calm plan now; your courses, goals and notes are kept. You can subscribe again at any time from the plans page.`,
      };
  }
}
