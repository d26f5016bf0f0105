import { type InterfaceLanguage, toInterfaceLanguage } from '@portal/shared/language';
import { PROFILE_LANGUAGE_CODES } from '@portal/shared/profile';

type Mail = { subject: string; text: string };

export type LiveNoticeKind = 'invited' | 'updated' | 'cancelled' | 'promoted' | 'reminder_24h' | 'reminder_15m';
export type LiveNotice = { kind: LiveNoticeKind; title: string; startsAt: Date; timeZone: string; link: string };

const LOCALES: Record<InterfaceLanguage, string> = { en: 'en-GB', zh: 'zh-CN', de: 'de-DE' };

/** The interface language of a profile's primary language ('English', '中文'...), English when unknown. */
export function languageOfProfile(primaryLanguage: string | null): InterfaceLanguage {
  const known = primaryLanguage !== null && Object.hasOwn(PROFILE_LANGUAGE_CODES, primaryLanguage);
  return (
    toInterfaceLanguage(
      known ? PROFILE_LANGUAGE_CODES[primaryLanguage as keyof typeof PROFILE_LANGUAGE_CODES] : null,
    ) ?? 'en'
  );
}

/** The start as the reader reads it: their language, their time zone, with the zone named. */
export function formatStart(startsAt: Date, language: InterfaceLanguage, timeZone: string): string {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: zone,
  })
    .format(startsAt)
    .concat(` (${zone})`);
}

type MailFacts = { title: string; when: string; link: string };
type MailTexts = Record<LiveNoticeKind, Mail>;

function englishMails({ title, when, link }: MailFacts): MailTexts {
  return {
    invited: {
      subject: `You are invited: ${title}`,
      text: `You are invited to the live session "${title}" on ${when}.\n\nAnswer and add it to your calendar here:\n${link}`,
    },
    updated: {
      subject: `Changed: ${title}`,
      text: `The live session "${title}" has changed. It now takes place on ${when}.\n\nSee the details:\n${link}`,
    },
    cancelled: {
      subject: `Cancelled: ${title}`,
      text: `The live session "${title}" on ${when} has been cancelled.\n\nSee other sessions in the live hub:\n${link}`,
    },
    promoted: {
      subject: `You have a place: ${title}`,
      text: `A place became free: you are now confirmed for the live session "${title}" on ${when}.\n\n${link}`,
    },
    reminder_24h: {
      subject: `Tomorrow: ${title}`,
      text: `Reminder: the live session "${title}" starts on ${when}.\n\n${link}`,
    },
    reminder_15m: {
      subject: `Starting soon: ${title}`,
      text: `The live session "${title}" starts in a few minutes (${when}). The room is open:\n${link}`,
    },
  };
}

function chineseMails({ title, when, link }: MailFacts): MailTexts {
  return {
    invited: {
      subject: `邀请您参加：${title}`,
      text: `您受邀参加直播课程“${title}”，时间：${when}。\n\n在此回复并添加到日历：\n${link}`,
    },
    updated: {
      subject: `已更改：${title}`,
      text: `直播课程“${title}”已更改，现在的时间为：${when}。\n\n查看详情：\n${link}`,
    },
    cancelled: {
      subject: `已取消：${title}`,
      text: `原定于 ${when} 的直播课程“${title}”已取消。\n\n在直播中心查看其他课程：\n${link}`,
    },
    promoted: {
      subject: `您已获得名额：${title}`,
      text: `有名额空出：您已确认参加 ${when} 的直播课程“${title}”。\n\n${link}`,
    },
    reminder_24h: {
      subject: `明天：${title}`,
      text: `提醒：直播课程“${title}”将于 ${when} 开始。\n\n${link}`,
    },
    reminder_15m: {
      subject: `即将开始：${title}`,
      text: `直播课程“${title}”几分钟后开始（${when}）。直播间已开放：\n${link}`,
    },
  };
}

function germanMails({ title, when, link }: MailFacts): MailTexts {
  return {
    invited: {
      subject: `Einladung: ${title}`,
      text: `Sie sind zur Live-Sitzung „${title}“ am ${when} eingeladen.\n\nHier antworten und in den Kalender eintragen:\n${link}`,
    },
    updated: {
      subject: `Geändert: ${title}`,
      text: `Die Live-Sitzung „${title}“ wurde geändert. Sie findet jetzt am ${when} statt.\n\nDetails:\n${link}`,
    },
    cancelled: {
      subject: `Abgesagt: ${title}`,
      text: `Die Live-Sitzung „${title}“ am ${when} wurde abgesagt.\n\nWeitere Sitzungen im Live-Hub:\n${link}`,
    },
    promoted: {
      subject: `Sie haben einen Platz: ${title}`,
      text: `Ein Platz ist frei geworden: Ihre Teilnahme an der Live-Sitzung „${title}“ am ${when} ist bestätigt.\n\n${link}`,
    },
    reminder_24h: {
      subject: `Morgen: ${title}`,
      text: `Erinnerung: Die Live-Sitzung „${title}“ beginnt am ${when}.\n\n${link}`,
    },
    reminder_15m: {
      subject: `Beginnt gleich: ${title}`,
      text: `Die Live-Sitzung „${title}“ beginnt in wenigen Minuten (${when}). Der Raum ist offen:\n${link}`,
    },
  };
}

const MAILS: Record<InterfaceLanguage, (facts: MailFacts) => MailTexts> = {
  en: englishMails,
  zh: chineseMails,
  de: germanMails,
};

/** Mail about a live session, in the reader's language, with the start in the reader's time zone. */
export function liveMail(language: InterfaceLanguage, notice: LiveNotice): Mail {
  const { title, link } = notice;
  const when = formatStart(notice.startsAt, language, notice.timeZone);
  return MAILS[language]({ title, when, link })[notice.kind];
}
