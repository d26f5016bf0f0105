import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { IdentifierChoice, type IdentifierKind } from './identifier-choice';

/** The email-or-phone and password fields of the sign-in and sign-up forms. */
export type Credentials = { kind: IdentifierKind; email: string; phoneNumber: string; password: string };

export function credentialsBody({ kind, email, phoneNumber, password }: Credentials) {
  return kind === 'email'
    ? { email: email.trim() || undefined, password: password || undefined }
    : { phoneNumber: phoneNumber.replace(/[\s()-]/g, '') || undefined, password: password || undefined };
}

export function hasCredentials(credentials: Credentials) {
  const body = credentialsBody(credentials);
  return Boolean(('email' in body ? body.email : body.phoneNumber) && body.password);
}

export function CredentialFields({
  value,
  onChange,
  newPassword,
}: {
  value: Credentials;
  /** Takes updates of the current credentials: fields filled in before the app took over the page report together. */
  onChange: Dispatch<SetStateAction<Credentials>>;
  /** Set when signing up: the field that checks the password as a new one (sign-in asks for the current one). */
  newPassword?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <IdentifierChoice value={value.kind} onChange={(kind) => onChange((current) => ({ ...current, kind }))} />
      {value.kind === 'email' ? (
        <FormField
          label={t('email')}
          type="email"
          autoComplete="email"
          value={value.email}
          onChange={(event) => {
            const email = event.target.value;
            onChange((current) => ({ ...current, email }));
          }}
        />
      ) : (
        <FormField
          label={t('phoneNumber')}
          type="tel"
          autoComplete="tel"
          placeholder="+4915112345678"
          hint={t('phoneHint')}
          value={value.phoneNumber}
          onChange={(event) => {
            const phoneNumber = event.target.value;
            onChange((current) => ({ ...current, phoneNumber }));
          }}
        />
      )}
      {newPassword ?? (
        <FormField
          label={t('password')}
          type="password"
          autoComplete="current-password"
          value={value.password}
          onChange={(event) => {
            const password = event.target.value;
            onChange((current) => ({ ...current, password }));
          }}
        />
      )}
    </>
  );
}

export const emptyCredentials: Credentials = { kind: 'email', email: '', phoneNumber: '', password: '' };
