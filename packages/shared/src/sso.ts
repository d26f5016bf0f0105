import { z } from 'zod';
import { emailSchema } from './auth.ts';

/** Roles a provider may give the accounts its first sign-in creates (admins are made by admins only). */
export const SSO_DEFAULT_ROLES = ['learner', 'instructor'] as const;
export const ssoDefaultRoleSchema = z.enum(SSO_DEFAULT_ROLES);
export type SsoDefaultRole = z.infer<typeof ssoDefaultRoleSchema>;

/** Where the identity provider sends the browser back: `${publicUrl}${SSO_CALLBACK_PATH}/${slug}`. */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

export * from './sso-errors.ts';

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain such as example.com');

/** The domain part of an email address, lower-case. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

const providerFields = {
  name: z.string().trim().min(1).max(80),
  issuer: z
    .url({ protocol: /^https?$/, error: 'Enter the issuer URL, e.g. https://login.example.com' })
    .max(500)
    .transform((url) => url.replace(/\/+$/, '')),
  clientId: z.string().trim().min(1).max(300),
  domains: z
    .array(domainSchema)
    .min(1)
    .max(20)
    .refine((domains) => new Set(domains).size === domains.length, 'Each domain only once'),
  defaultRole: ssoDefaultRoleSchema,
  enabled: z.boolean(),
};

/** POST /api/admin/sso/providers */
export const createSsoProviderBodySchema = z
  .object({
    ...providerFields,
    /** Part of the callback URL; fixed once the provider is saved. */
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, 'Use 1-40 lower-case letters, digits and dashes'),
    clientSecret: z.string().min(1).max(1000),
    enabled: providerFields.enabled.default(true),
  })
  .strict();
export type CreateSsoProviderBody = z.infer<typeof createSsoProviderBodySchema>;

/** PATCH /api/admin/sso/providers/:providerId: an empty or missing client secret keeps the stored one. */
export const updateSsoProviderBodySchema = z
  .object({
    ...providerFields,
    clientSecret: z
      .string()
      .max(1000)
      .optional()
      .transform((secret) => (secret ? secret : undefined)),
  })
  .partial()
  .strict();
export type UpdateSsoProviderBody = z.infer<typeof updateSsoProviderBodySchema>;

export const ssoProviderParamsSchema = z.object({ providerId: z.uuid() }).strict();

/** A provider as admins see it: the client secret never leaves the server. */
export const ssoProviderSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  has_secret: z.literal(true),
  domains: z.array(z.string()),
  default_role: ssoDefaultRoleSchema,
  enabled: z.boolean(),
  callback_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;
export const ssoProviderListSchema = z.object({ providers: z.array(ssoProviderSchema) });

/** POST /api/auth/sso/start */
export const ssoStartBodySchema = z.object({ email: emailSchema }).strict();
export const ssoStartResultSchema = z.object({ url: z.string() });
export type SsoStartBody = z.input<typeof ssoStartBodySchema>;
export type SsoStartResult = z.infer<typeof ssoStartResultSchema>;

export const ssoCallbackParamsSchema = z.object({ slug: z.string().max(40) });
export const ssoCallbackQuerySchema = z
  .object({
    code: z.string().max(2000).optional(),
    state: z.string().max(2000).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
    iss: z.string().max(500).optional(),
  })
  .passthrough();
