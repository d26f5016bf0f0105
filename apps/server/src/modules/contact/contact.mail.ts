import type { ContactTopic } from '@portal/shared/contact';
import type { InterfaceLanguage } from '@portal/shared/language';

type Mail = { subject: string; text: string };

const TOPIC_NAMES: Record<InterfaceLanguage, Record<ContactTopic, string>> = {
  en: {
    account: 'Account and sign-in',
    billing: 'Plans and billing',
    courses: 'Courses and learning',
    accessibility: 'Accessibility',
    privacy: 'Privacy and data',
    other: 'Something else',
  },
  zh: {
    account: '账户与登录',
    billing: '套餐与付款',
    courses: '课程与学习',
    accessibility: '无障碍',
    privacy: '隐私与数据',
    other: '其他',
  },
  de: {
    account: 'Konto und Anmeldung',
    billing: 'Tarife und Abrechnung',
    courses: 'Kurse und Lernen',
    accessibility: 'Barrierefreiheit',
    privacy: 'Datenschutz und Daten',
    other: 'Etwas anderes',
  },
};

/** Quotes text line by line, so a reader tells the quoted words from ours. */
const quote = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

export type ContactNotice = { name: string; email: string; topic: ContactTopic; message: string; link: string };

/** To every admin: a new message arrived. Plain text only, so markup in it stays inert. */
export function contactAdminNoticeMail(language: InterfaceLanguage, notice: ContactNotice): Mail {
  const topic = TOPIC_NAMES[language][notice.topic];
  const body = quote(notice.message);
  const texts: Record<InterfaceLanguage, Mail> = {
    en: {
      subject: `New contact message: ${topic}`,
      text: `${notice.name} <${notice.email}> wrote about "${topic}":\n\n${body}\n\nRead and answer it in the inbox:\n${notice.link}`,
    },
    zh: {
      subject: `新的联系消息：${topic}`,
      text: `${notice.name} <${notice.email}> 就“${topic}”来信：\n\n${body}\n\n请在收件箱中查看并回复：\n${notice.link}`,
    },
    de: {
      subject: `Neue Kontaktnachricht: ${topic}`,
      text: `${notice.name} <${notice.email}> schreibt zum Thema „${topic}“:\n\n${body}\n\nLesen und beantworten Sie sie im Posteingang:\n${notice.link}`,
    },
  };
  return texts[language];
}

/**
 * To the sender: we have the message. It names only the topic, never the typed words, so the form cannot be used
 * to send someone else text of a stranger's choosing.
 */
export function contactConfirmationMail(language: InterfaceLanguage, topic: ContactTopic): Mail {
  const name = TOPIC_NAMES[language][topic];
  const texts: Record<InterfaceLanguage, Mail> = {
    en: {
      subject: 'We received your message',
      text: `Thank you for contacting Learning Portal. We received your message about "${name}" and will answer by email, usually within two working days.\n\nIf you did not write to us, you can ignore this message.`,
    },
    zh: {
      subject: '我们已收到您的消息',
      text: `感谢您联系学习门户。我们已收到您关于“${name}”的消息，通常会在两个工作日内通过电子邮件回复。\n\n如果您没有给我们写信，请忽略此邮件。`,
    },
    de: {
      subject: 'Wir haben Ihre Nachricht erhalten',
      text: `Danke, dass Sie das Lernportal kontaktiert haben. Wir haben Ihre Nachricht zum Thema „${name}“ erhalten und antworten per E-Mail, meist innerhalb von zwei Werktagen.\n\nWenn Sie uns nicht geschrieben haben, können Sie diese Nachricht ignorieren.`,
    },
  };
  return texts[language];
}

/** To the sender: an admin's answer, with their own message quoted below it. */
export function contactReplyMail(
  language: InterfaceLanguage,
  { reply, original, topic }: { reply: string; original: string; topic: ContactTopic },
): Mail {
  const name = TOPIC_NAMES[language][topic];
  const quoted = quote(original);
  const texts: Record<InterfaceLanguage, Mail> = {
    en: {
      subject: `Re: ${name}`,
      text: `${reply}\n\n— Learning Portal support\n\nYou wrote:\n${quoted}`,
    },
    zh: {
      subject: `回复：${name}`,
      text: `${reply}\n\n——学习门户支持团队\n\n您的来信：\n${quoted}`,
    },
    de: {
      subject: `AW: ${name}`,
      text: `${reply}\n\n— Support des Lernportals\n\nSie schrieben:\n${quoted}`,
    },
  };
  return texts[language];
}
