import type { InterfaceLanguage } from '@portal/shared/language';

type Mail = { subject: string; text: string };

export type SeatNotice =
  | { kind: 'invite'; owner: string; link: string }
  | { kind: 'removed'; owner: string }
  | { kind: 'lapsed'; owner: string };

/** Mail about a seat of a shared "us" plan, in the reader's language. */
export function seatMail(language: InterfaceLanguage, notice: SeatNotice): Mail {
  const { owner } = notice;
  const link = notice.kind === 'invite' ? notice.link : '';
  const texts: Record<InterfaceLanguage, Record<SeatNotice['kind'], Mail>> = {
    en: {
      invite: {
        subject: `${owner} invites you to their Us plan`,
        text: `${owner} shares their Us plan with you. Accept the invitation to learn with everything in Us:\n\n${link}\n\nSign in (or sign up) with this email address to accept.`,
      },
      removed: {
        subject: `You left ${owner}'s Us plan`,
        text: `${owner} removed you from their Us plan. You are back on your own plan, if you have one.`,
      },
      lapsed: {
        subject: `${owner}'s Us plan has ended`,
        text: `The Us plan ${owner} shared with you has ended. You are back on your own plan, if you have one; choose a plan to keep learning with everything you need.`,
      },
    },
    zh: {
      invite: {
        subject: `${owner} 邀请您加入 Us 套餐`,
        text: `${owner} 与您共享 Us 套餐。接受邀请即可使用 Us 的全部内容：\n\n${link}\n\n请使用此电子邮箱登录（或注册）后接受邀请。`,
      },
      removed: {
        subject: `您已不在 ${owner} 的 Us 套餐中`,
        text: `${owner} 已将您从其 Us 套餐中移除。如果您有自己的套餐，将恢复使用您自己的套餐。`,
      },
      lapsed: {
        subject: `${owner} 的 Us 套餐已结束`,
        text: `${owner} 与您共享的 Us 套餐已结束。如果您有自己的套餐，将恢复使用您自己的套餐；您也可以选择一个套餐继续学习。`,
      },
    },
    de: {
      invite: {
        subject: `${owner} lädt Sie in den Tarif Us ein`,
        text: `${owner} teilt den Tarif Us mit Ihnen. Nehmen Sie die Einladung an, um alles aus Us zu nutzen:\n\n${link}\n\nMelden Sie sich mit dieser E-Mail-Adresse an (oder registrieren Sie sich), um anzunehmen.`,
      },
      removed: {
        subject: `Sie sind nicht mehr im Tarif Us von ${owner}`,
        text: `${owner} hat Sie aus dem Tarif Us entfernt. Sie haben wieder Ihren eigenen Tarif, falls Sie einen haben.`,
      },
      lapsed: {
        subject: `Der Tarif Us von ${owner} ist beendet`,
        text: `Der Tarif Us, den ${owner} mit Ihnen geteilt hat, ist beendet. Sie haben wieder Ihren eigenen Tarif, falls Sie einen haben; wählen Sie einen Tarif, um weiterzulernen.`,
      },
    },
  };
  return texts[language][notice.kind];
}
