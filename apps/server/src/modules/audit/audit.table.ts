import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The append-only audit trail (a database trigger refuses UPDATE, DELETE and TRUNCATE). `user_id` deliberately
 * has no foreign key, so deleting an account leaves its trail intact.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id'),
    /** Who acted when it was not the person themselves (an admin); null for self-service and system actions. */
    actorId: text('actor_id'),
    action: text('action').notNull(),
    tableName: text('table_name'),
    recordId: text('record_id'),
    oldValues: jsonb('old_values').$type<Record<string, unknown>>(),
    newValues: jsonb('new_values').$type<Record<string, unknown>>(),
    legalBasis: text('legal_basis'),
    purpose: text('purpose'),
    ipAddress: text('ip_address'),
    // The clock at insert, not the transaction start, so events of one transaction keep their order.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    index('audit_events_user_created_idx').on(table.userId, table.createdAt),
    index('audit_events_actor_created_idx').on(table.actorId, table.createdAt),
    index('audit_events_created_idx').on(table.createdAt),
  ],
);
