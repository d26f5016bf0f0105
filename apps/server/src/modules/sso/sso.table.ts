import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** The endpoints the issuer's discovery document named when the provider was last saved. */
export type SsoEndpoints = {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksEndpoint: string;
  userInfoEndpoint: string | null;
  tokenEndpointAuthentication: 'client_secret_basic' | 'client_secret_post';
};

/** An OpenID Connect identity provider an admin configured; its client secret is stored encrypted (AES-256-GCM). */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Names the provider in its callback URL and in the accounts it signs in. */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    endpoints: jsonb('endpoints').$type<SsoEndpoints>().notNull(),
    defaultRole: text('default_role', { enum: ['learner', 'instructor'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('sso_providers_default_role_check', sql`${table.defaultRole} in ('learner', 'instructor')`)],
);

/** Each email domain routes to at most one provider. */
export const ssoProviderDomains = pgTable(
  'sso_provider_domains',
  {
    domain: text('domain').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sso_provider_domains_provider_idx').on(table.providerId)],
);
