import type { InterfaceLanguage } from '@portal/shared/language';

type Template = { subject: string; text: string };

const verifyEmail: Record<InterfaceLanguage, (url: string) => Template> = {
  en: (url) => ({
    subject: 'Confirm your email address',
    text: `Confirm your email address for Learning Portal by opening this link:\n${url}\n\nIf you did not ask for this, you can ignore this message.`,
  }),
  zh: (url) => ({
    subject: '请确认您的电子邮件地址',
    text: `请打开以下链接，确认您在学习门户使用的电子邮件地址：\n${url}\n\n如果这不是您本人的操作，请忽略此邮件。`,
  }),
  de: (url) => ({
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    text: `Bestätigen Sie Ihre E-Mail-Adresse für das Lernportal, indem Sie diesen Link öffnen:\n${url}\n\nFalls Sie das nicht angefordert haben, können Sie diese Nachricht ignorieren.`,
  }),
};

const resetPassword: Record<InterfaceLanguage, (url: string) => Template> = {
  en: (url) => ({
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your Learning Portal account.\n\nChoose a new password here (the link is valid for one hour):\n${url}\n\nIf it was not you, ignore this message; your password stays the same.`,
  }),
  zh: (url) => ({
    subject: '重置您的密码',
    text: `有人请求重置您的学习门户账户密码。\n\n请在此设置新密码（链接一小时内有效）：\n${url}\n\n如果不是您本人操作，请忽略此邮件，您的密码不会改变。`,
  }),
  de: (url) => ({
    subject: 'Passwort zurücksetzen',
    text: `Jemand möchte das Passwort Ihres Lernportal-Kontos zurücksetzen.\n\nLegen Sie hier ein neues Passwort fest (der Link ist eine Stunde gültig):\n${url}\n\nWenn Sie das nicht waren, ignorieren Sie diese Nachricht; Ihr Passwort bleibt unverändert.`,
  }),
};

const phoneCode: Record<InterfaceLanguage, (code: string) => Template> = {
  en: (code) => ({
    subject: 'Your verification code',
    text: `Your Learning Portal code is ${code}. It expires in 10 minutes.`,
  }),
  zh: (code) => ({ subject: '您的验证码', text: `您的学习门户验证码是 ${code}，10 分钟内有效。` }),
  de: (code) => ({
    subject: 'Ihr Bestätigungscode',
    text: `Ihr Lernportal-Code lautet ${code}. Er ist 10 Minuten gültig.`,
  }),
};

export const mailTemplates = { verifyEmail, resetPassword, phoneCode };
