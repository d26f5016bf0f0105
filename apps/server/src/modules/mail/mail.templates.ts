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

type AccountLinks = { signIn: string; reset: string };

const accountExists: Record<InterfaceLanguage, (links: AccountLinks) => Template> = {
  en: ({ signIn, reset }) => ({
    subject: 'Someone tried to register with your address',
    text: `Someone tried to create a Learning Portal account with your email address, but you already have one, so nothing was changed.\n\nIf it was you, sign in here:\n${signIn}\n\nForgot your password? Choose a new one here:\n${reset}\n\nIf you have not confirmed your address yet, signing in sends you a new confirmation link. If it was not you, you can ignore this message.`,
  }),
  zh: ({ signIn, reset }) => ({
    subject: '有人尝试用您的地址注册',
    text: `有人尝试用您的电子邮件地址创建学习门户账户，但您已经有一个账户，因此没有任何更改。\n\n如果是您本人，请在此登录：\n${signIn}\n\n忘记密码？请在此设置新密码：\n${reset}\n\n如果您尚未确认地址，登录时会向您发送新的确认链接。如果不是您本人操作，请忽略此邮件。`,
  }),
  de: ({ signIn, reset }) => ({
    subject: 'Jemand wollte sich mit Ihrer Adresse registrieren',
    text: `Jemand wollte mit Ihrer E-Mail-Adresse ein Lernportal-Konto anlegen. Sie haben bereits eines, daher wurde nichts geändert.\n\nWenn Sie das waren, melden Sie sich hier an:\n${signIn}\n\nPasswort vergessen? Legen Sie hier ein neues fest:\n${reset}\n\nFalls Sie Ihre Adresse noch nicht bestätigt haben, erhalten Sie bei der Anmeldung einen neuen Bestätigungslink. Wenn Sie das nicht waren, können Sie diese Nachricht ignorieren.`,
  }),
};

const accountExistsSms: Record<InterfaceLanguage, (links: AccountLinks) => Template> = {
  en: ({ signIn }) => ({
    subject: 'Someone tried to register with your number',
    text: `Someone tried to create a Learning Portal account with your phone number, which already has one. If it was you, sign in: ${signIn}`,
  }),
  zh: ({ signIn }) => ({
    subject: '有人尝试用您的号码注册',
    text: `有人尝试用您的手机号码创建学习门户账户，但该号码已有账户。如果是您本人，请登录：${signIn}`,
  }),
  de: ({ signIn }) => ({
    subject: 'Jemand wollte sich mit Ihrer Nummer registrieren',
    text: `Jemand wollte mit Ihrer Telefonnummer ein Lernportal-Konto anlegen; sie hat bereits eines. Wenn Sie das waren, melden Sie sich an: ${signIn}`,
  }),
};

export const mailTemplates = { verifyEmail, resetPassword, phoneCode, accountExists, accountExistsSms };
