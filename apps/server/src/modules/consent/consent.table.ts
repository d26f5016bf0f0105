import { CONSENT_TYPES, LEGAL_BASES } from '@portal/shared/consent';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** Every cookie-consent decision of a signed-in user; a decision is replaced by stamping `withdrawn_at`. */
export const userConsent = pgTable(
  'user_consent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentType: text('consent_type', { enum: CONSENT_TYPES }).notNull(),
    isGranted: boolean('is_granted').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    legalBasis: text('legal_basis', { enum: LEGAL_BASES }).notNull(),
    purpose: text('purpose').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'user_consent_type_check',
      sql`${table.consentType} in ('essential', 'analytics', 'marketing', 'functional')`,
    ),
    check('user_consent_essential_granted_check', sql`${table.consentType} <> 'essential' or ${table.isGranted}`),
    // At most one current decision per type and user.
    uniqueIndex('user_consent_current_idx')
      .on(table.userId, table.consentType)
      .where(sql`${table.withdrawnAt} is null`),
    index('user_consent_user_created_idx').on(table.userId, table.createdAt),
  ],
);
