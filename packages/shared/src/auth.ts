import { z } from 'zod';
import { isTotpCode, PASSWORD_MAX_LENGTH } from './auth-rules.ts';
import { SPEC_MESSAGES } from './errors.ts';
import { ownPathSchema, personNameSchema } from './input.ts';

export * from './auth-rules.ts';

/** E.164 phone number, e.g. +4915112345678. */
export const phoneNumberSchema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, 'Enter the phone number in international format, e.g. +4915112345678');
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254));

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
  .object({ ...credentialsShape, name: personNameSchema.optional() })
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

export const changeEmailBodySchema = z.object({ newEmail: emailSchema }).strict();

export const requestPasswordResetBodySchema = z.object({ email: emailSchema }).strict();
export const resetPasswordBodySchema = z
  .object({ token: z.string().min(1).max(512), newPassword: z.string().max(PASSWORD_MAX_LENGTH) })
  .strict();
export const resendVerificationBodySchema = z
  .object({ email: optionalText(emailSchema), phoneNumber: optionalText(phoneNumberSchema) })
  .strict()
  .refine((value) => Boolean(value.email || value.phoneNumber), { message: 'Enter an email address or phone number' });

/** A token from a link in a mail: URL-safe characters only. */
const mailedTokenSchema = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^[A-Za-z0-9._-]+$/, 'This link is not valid; open the link from the mail again');

/** GET /api/auth/verify-email, the link in a confirmation mail; redirects to `callbackURL` (a page of ours). */
export const verifyEmailLinkQuerySchema = z
  .object({ token: mailedTokenSchema, callbackURL: ownPathSchema.default('/auth/confirm') })
  .strict();

/** GET /api/auth/reset-password/:token, the link in a reset mail; redirects to `callbackURL` with the token. */
export const resetPasswordLinkParamsSchema = z.object({ token: mailedTokenSchema }).strict();
export const resetPasswordLinkQuerySchema = z
  .object({ callbackURL: ownPathSchema.default('/reset-password') })
  .strict();

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

/** A completed sign-in: the session cookie is set and the token works as a bearer token. */
export const signedInSchema = z.object({ user: z.object({ id: z.string() }), token: z.string() });
export type SignedIn = z.infer<typeof signedInSchema>;

/** Sign-in answer; `twoFactorRequired` means a code must be sent to /api/account/two-factor/verify next. */
export const signInResultSchema = z.union([signedInSchema, z.object({ twoFactorRequired: z.literal(true) })]);
export type SignInResult = z.infer<typeof signInResultSchema>;

const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

/** A 6-digit authenticator code or a backup code (`abcde-12345`, the dash may be left out). */
export const twoFactorCodeSchema = z
  .string()
  .max(32)
  .transform((value) => value.replace(/\s/g, ''))
  .transform((value) =>
    /^[A-Za-z0-9]{10}$/.test(value) && !isTotpCode(value) ? `${value.slice(0, 5)}-${value.slice(5)}` : value,
  )
  .refine((value) => isTotpCode(value) || BACKUP_CODE_PATTERN.test(value), 'Enter the 6-digit code or a backup code');

export const verifyTwoFactorBodySchema = z
  .object({ code: twoFactorCodeSchema, trustDevice: z.boolean().optional() })
  .strict();
export type VerifyTwoFactorBody = z.infer<typeof verifyTwoFactorBodySchema>;

/** The current password, asked again before a sensitive change. */
export const passwordConfirmationBodySchema = z
  .object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })
  .strict();

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused backup codes left; null while two-factor authentication is off. */
  backupCodesRemaining: z.number().int().nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The start of enrolment: scan `totpURI` (or type `secret`), then confirm with a code. */
export const twoFactorEnrolmentSchema = z.object({
  totpURI: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });

/** One of the signed-in user's sessions; tokens never leave the server. */
export const accountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  /** When the session was last refreshed (the closest we keep to "last active"). */
  updatedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export const sessionIdParamsSchema = z.object({ id: z.uuid() }).strict();

/** The word typed to confirm that an account should be deleted. */
export const ACCOUNT_DELETION_CONFIRMATION = 'DELETE';
export const deleteAccountBodySchema = z
  .object({
    /** Required when the account has a password; without one, a recent sign-in is required instead. */
    password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    confirm: z.literal(ACCOUNT_DELETION_CONFIRMATION, { error: `Type ${ACCOUNT_DELETION_CONFIRMATION} to confirm` }),
  })
  .strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** Everything held on a user, as downloaded from settings; each further section is keyed by its source. */
export const accountExportSchema = z
  .object({ exported_at: z.iso.datetime(), user: z.record(z.string(), z.unknown()) })
  .catchall(z.unknown());
export type AccountExport = z.infer<typeof accountExportSchema>;

/** learning-portal-export-YYYY-MM-DD.json, dated in UTC. */
export function accountExportFileName(exportedAt: Date): string {
  return `learning-portal-export-${exportedAt.toISOString().slice(0, 10)}.json`;
}
