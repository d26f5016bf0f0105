import { type InterfaceLanguage, toInterfaceLanguage } from '@portal/shared/language';
import { PROFILE_LANGUAGE_CODES } from '@portal/shared/profile';

type Mail = { subject: string; text: string };

/** The interface language of the learner's profile language; English when the interface does not speak it. */
export function learnerLanguage(primaryLanguage: string | null): InterfaceLanguage {
  const code = primaryLanguage ? (PROFILE_LANGUAGE_CODES as Record<string, string | undefined>)[primaryLanguage] : null;
  return toInterfaceLanguage(code) ?? 'en';
}

/** A friendly reminder an admin sends to a learner who is falling behind; it points back to the learner's home. */
export function learnerNudgeMail(language: InterfaceLanguage, { name, url }: { name: string; url: string }): Mail {
  switch (language) {
    case 'zh':
      return {
        subject: '您的学习在等您',
        text: `${name}，您好：\n\n我们注意到您最近没怎么学习，或者有一个目标快到期了。每天几分钟就能保持进度。\n\n从上次停下的地方继续：\n${url}\n\n如需帮助，请直接回复此邮件。`,
      };
    case 'de':
      return {
        subject: 'Ihr Lernen wartet auf Sie',
        text: `Hallo ${name},\n\nuns ist aufgefallen, dass Sie zuletzt wenig gelernt haben oder ein Ziel bald fällig ist. Schon ein paar Minuten am Tag halten Sie auf Kurs.\n\nMachen Sie dort weiter, wo Sie aufgehört haben:\n${url}\n\nWenn Sie Hilfe brauchen, antworten Sie einfach auf diese Nachricht.`,
      };
    default:
      return {
        subject: 'Your learning is waiting for you',
        text: `Hi ${name},\n\nWe noticed you have not studied much lately, or a goal is coming due. A few minutes a day is enough to stay on track.\n\nPick up where you left off:\n${url}\n\nIf you need help, just reply to this message.`,
      };
  }
}

/** The same reminder as a text message, for accounts with a phone number only. */
export function learnerNudgeSms(language: InterfaceLanguage, { url }: { url: string }): Mail {
  switch (language) {
    case 'zh':
      return { subject: '您的学习在等您', text: `学习门户：您的学习在等您，从上次停下的地方继续：${url}` };
    case 'de':
      return {
        subject: 'Ihr Lernen wartet auf Sie',
        text: `Lernportal: Ihr Lernen wartet auf Sie. Weiter geht's hier: ${url}`,
      };
    default:
      return {
        subject: 'Your learning is waiting for you',
        text: `Learning Portal: your learning is waiting. Pick up here: ${url}`,
      };
  }
}
