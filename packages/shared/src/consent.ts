import { z } from 'zod';
import { CONSENT_TYPES, LEGAL_BASES, type OptionalConsentType } from './consent-choices.ts';

export * from './consent-choices.ts';

export const consentTypeSchema = z.enum(CONSENT_TYPES);

/** The cookie choices kept in the browser and sent to the server: essential is always true. */
export const consentPreferencesSchema = z.object({
  essential: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
  functional: z.boolean(),
});
export type ConsentPreferences = z.infer<typeof consentPreferencesSchema>;

/** POST /api/consent. Address and browser are taken from the request, never from the body. */
export const saveConsentBodySchema = z
  .object({
    essential: z.literal(true, { error: 'Essential cookies cannot be switched off.' }).optional(),
    analytics: z.boolean(),
    marketing: z.boolean(),
    functional: z.boolean(),
  })
  .strict();
export type SaveConsentBody = z.infer<typeof saveConsentBodySchema>;

/** POST /api/consent/withdraw. */
export const withdrawConsentBodySchema = z
  .object({
    consent_type: consentTypeSchema.refine((type) => type !== 'essential', 'Essential cookies cannot be withdrawn.'),
  })
  .strict();
export type WithdrawConsentBody = z.infer<typeof withdrawConsentBodySchema>;

/** One stored consent decision. */
export const consentRecordSchema = z.object({
  id: z.string(),
  consent_type: consentTypeSchema,
  is_granted: z.boolean(),
  granted_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  legal_basis: z.enum(LEGAL_BASES),
  purpose: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** GET /api/consent and the answer of every change: the caller's current (not withdrawn) decision per type. */
export const currentConsentSchema = z.object({
  consents: z.array(consentRecordSchema),
  /** The choices those rows add up to; null when nothing was ever recorded. */
  preferences: consentPreferencesSchema.nullable(),
  /** When the caller's consent last changed (a choice or a withdrawal); null when never. */
  updated_at: z.string().nullable(),
});
export type CurrentConsent = z.infer<typeof currentConsentSchema>;

/** GET /api/consent/history: every decision of the caller, newest first. */
export const consentHistorySchema = z.object({ history: z.array(consentRecordSchema) });
export type ConsentHistory = z.infer<typeof consentHistorySchema>;

/** The choices a set of current rows adds up to; a type without a current row counts as refused. */
export function preferencesFromRecords(
  records: ReadonlyArray<Pick<ConsentRecord, 'consent_type' | 'is_granted' | 'withdrawn_at'>>,
): ConsentPreferences | null {
  const current = records.filter((record) => record.withdrawn_at === null);
  if (current.length === 0) return null;
  const granted = (type: OptionalConsentType) =>
    current.some((record) => record.consent_type === type && record.is_granted);
  return {
    essential: true,
    analytics: granted('analytics'),
    marketing: granted('marketing'),
    functional: granted('functional'),
  };
}

/** The browser's record of the choice: the preferences and when they were made. */
export const storedConsentSchema = consentPreferencesSchema.extend({
  version: z.literal(1),
  saved_at: z.string(),
});
export type StoredConsent = z.infer<typeof storedConsentSchema>;
