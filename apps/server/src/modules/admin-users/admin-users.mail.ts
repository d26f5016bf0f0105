import type { InterfaceLanguage } from '@portal/shared/language';

type Template = { subject: string; text: string };

/** The mail a user created by an admin receives: a link to choose a password (valid for INVITATION_DAYS). */
export const invitationMail: Record<
  InterfaceLanguage,
  (input: { name: string; url: string; days: number }) => Template
> = {
  en: ({ name, url, days }) => ({
    subject: 'You are invited to Learning Portal',
    text: `Hello ${name},\n\nan account on Learning Portal was created for you. Choose your password with this link (valid for ${days} days):\n${url}\n\nThen sign in with this email address.`,
  }),
  zh: ({ name, url, days }) => ({
    subject: '邀请您加入学习门户',
    text: `${name}，您好：\n\n管理员已为您在学习门户创建了账户。请通过此链接设置密码（${days} 天内有效）：\n${url}\n\n然后使用此电子邮件地址登录。`,
  }),
  de: ({ name, url, days }) => ({
    subject: 'Einladung zum Learning Portal',
    text: `Hallo ${name},\n\nfür Sie wurde ein Konto im Learning Portal angelegt. Wählen Sie Ihr Passwort über diesen Link (${days} Tage gültig):\n${url}\n\nMelden Sie sich danach mit dieser E-Mail-Adresse an.`,
  }),
};
