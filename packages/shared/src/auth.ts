import { z } from 'zod';
import { SPEC_MESSAGES } from './errors.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** E.164 phone number, e.g. +4915112345678. */
export const phoneNumberSchema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, 'Enter the phone number in international format, e.g. +4915112345678');
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254));

/** Reasons a password is too weak; empty when it is acceptable. */
export function passwordWeaknesses(password: string): string[] {
  const reasons: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) reasons.push(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH) reasons.push(`Use at most ${PASSWORD_MAX_LENGTH} characters.`);
  if (password.length >= PASSWORD_MIN_LENGTH && /^(.)\1*$/.test(password))
    reasons.push('Do not repeat a single character.');
  return reasons;
}

const optionalText = (schema: z.ZodType<string>) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const credentialsShape = {
  email: optionalText(emailSchema),
  phoneNumber: optionalText(phoneNumberSchema),
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
};

function requireIdentifierAndPassword<T extends { email?: string; phoneNumber?: string; password?: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if ((!value.email && !value.phoneNumber) || !value.password) {
    ctx.addIssue({ code: 'custom', message: SPEC_MESSAGES.credentialsRequired, path: [] });
  }
}

export const signUpBodySchema = z
  .object({ ...credentialsShape, name: z.string().trim().min(1).max(120).optional() })
  .strict()
  .superRefine(requireIdentifierAndPassword);
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z
  .object({ ...credentialsShape, rememberMe: z.boolean().optional() })
  .strict()
  .superRefine(requireIdentifierAndPassword);
export type SignInBody = z.infer<typeof signInBodySchema>;

export const SIGN_OUT_SCOPES = ['global', 'local', 'others'] as const;
export const signOutBodySchema = z.object({ scope: z.enum(SIGN_OUT_SCOPES).default('local') }).strict();
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];

export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    newPassword: z.string().max(PASSWORD_MAX_LENGTH),
    revokeOtherSessions: z.boolean().optional(),
  })
  .strict();

export const requestPasswordResetBodySchema = z.object({ email: emailSchema }).strict();
export const resetPasswordBodySchema = z
  .object({ token: z.string().min(1).max(512), newPassword: z.string().max(PASSWORD_MAX_LENGTH) })
  .strict();
export const resendVerificationBodySchema = z
  .object({ email: optionalText(emailSchema), phoneNumber: optionalText(phoneNumberSchema) })
  .strict()
  .refine((value) => Boolean(value.email || value.phoneNumber), { message: 'Enter an email address or phone number' });
export const verifyPhoneBodySchema = z
  .object({
    phoneNumber: phoneNumberSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  })
  .strict();

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Users who signed up with a phone number only get an address in this reserved domain. */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.invalid';
export function isPhoneOnlyEmail(email: string | null | undefined): boolean {
  return Boolean(email?.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`));
}
