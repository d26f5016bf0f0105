import type { ReactNode } from 'react';
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
  onChange: (next: Credentials) => void;
  /** Set when signing up: the field that checks the password as a new one (sign-in asks for the current one). */
  newPassword?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <IdentifierChoice value={value.kind} onChange={(kind) => onChange({ ...value, kind })} />
      {value.kind === 'email' ? (
        <FormField
          label={t('email')}
          type="email"
          autoComplete="email"
          value={value.email}
          onChange={(event) => onChange({ ...value, email: event.target.value })}
        />
      ) : (
        <FormField
          label={t('phoneNumber')}
          type="tel"
          autoComplete="tel"
          placeholder="+4915112345678"
          hint={t('phoneHint')}
          value={value.phoneNumber}
          onChange={(event) => onChange({ ...value, phoneNumber: event.target.value })}
        />
      )}
      {newPassword ?? (
        <FormField
          label={t('password')}
          type="password"
          autoComplete="current-password"
          value={value.password}
          onChange={(event) => onChange({ ...value, password: event.target.value })}
        />
      )}
    </>
  );
}

export const emptyCredentials: Credentials = { kind: 'email', email: '', phoneNumber: '', password: '' };
