import { describe, expect, it } from 'vitest';
import {
  accountExportFileName,
  deleteAccountBodySchema,
  isPhoneOnlyEmail,
  isTotpCode,
  signInBodySchema,
  signOutBodySchema,
  signUpBodySchema,
  verifyTwoFactorBodySchema,
} from './auth.ts';
import { SPEC_MESSAGES } from './errors.ts';

describe('sign-up and sign-in credentials', () => {
  it.each([
    { password: 'secret-password' },
    { email: 'a@example.com' },
    { phoneNumber: '+4915112345678' },
    { email: '', phoneNumber: '  ', password: 'secret-password' },
    { email: 'a@example.com', password: '' },
    {},
  ])('%j is refused with the spec message', (body) => {
    for (const schema of [signUpBodySchema, signInBodySchema]) {
      const result = schema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(SPEC_MESSAGES.credentialsRequired);
    }
  });

  it('accepts an email or an international phone number with a password', () => {
    expect(signInBodySchema.parse({ email: ' Ada@Example.COM ', password: 'pw' })).toEqual({
      email: 'ada@example.com',
      password: 'pw',
    });
    expect(signInBodySchema.safeParse({ phoneNumber: '+4915112345678', password: 'pw' }).success).toBe(true);
  });

  it.each(['015112345678', '+0123456789', '+49 151 1234', 'phone'])('refuses the phone number %j', (phoneNumber) => {
    expect(signUpBodySchema.safeParse({ phoneNumber, password: 'secret-password' }).success).toBe(false);
  });

  it('refuses unknown fields', () => {
    expect(signUpBodySchema.safeParse({ email: 'a@example.com', password: 'pw', role: 'admin' }).success).toBe(false);
  });
});

describe('sign-out scope', () => {
  it.each(['global', 'local', 'others'])('%s is a scope', (scope) => {
    expect(signOutBodySchema.parse({ scope })).toEqual({ scope });
  });

  it('defaults to local and refuses anything else', () => {
    expect(signOutBodySchema.parse({})).toEqual({ scope: 'local' });
    expect(signOutBodySchema.safeParse({ scope: 'everyone' }).success).toBe(false);
  });
});

describe('phone-only accounts', () => {
  it('are recognised by their reserved placeholder address', () => {
    expect(isPhoneOnlyEmail('0b6c1b1e@phone.invalid')).toBe(true);
    expect(isPhoneOnlyEmail('someone@phone.invalid.example.com')).toBe(false);
    expect(isPhoneOnlyEmail('someone@example.com')).toBe(false);
    expect(isPhoneOnlyEmail(null)).toBe(false);
  });
});

describe('two-factor codes', () => {
  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['abcde-12345', 'abcde-12345'],
    ['abcde12345', 'abcde-12345'],
    ['AbCdE-1x2Y3', 'AbCdE-1x2Y3'],
  ])('%j is read as %j', (code, expected) => {
    expect(verifyTwoFactorBodySchema.parse({ code }).code).toBe(expected);
  });

  it.each(['12345', '1234567', 'abcdef', 'abcde-1234', '', 'abcde_12345'])('%j is refused', (code) => {
    expect(verifyTwoFactorBodySchema.safeParse({ code }).success).toBe(false);
  });

  it('tells an authenticator code from a backup code', () => {
    expect(isTotpCode('012345')).toBe(true);
    expect(isTotpCode('abcde-12345')).toBe(false);
  });
});

describe('deleting an account', () => {
  it('needs the word DELETE exactly', () => {
    expect(deleteAccountBodySchema.safeParse({ password: 'pw', confirm: 'DELETE' }).success).toBe(true);
    expect(deleteAccountBodySchema.safeParse({ password: 'pw', confirm: 'delete' }).success).toBe(false);
    expect(deleteAccountBodySchema.safeParse({ password: 'pw' }).success).toBe(false);
  });
});

describe('the export file name', () => {
  it('is dated in UTC', () => {
    expect(accountExportFileName(new Date('2026-03-04T23:30:00-05:00'))).toBe('learning-portal-export-2026-03-05.json');
  });
});
