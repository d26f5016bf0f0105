import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';
import { scormPackages } from './scorm.table.ts';

/**
 * SCORM 2004 shared data (`adl.data`, 4th edition): one store per learner, package and target identifier of the
 * manifest's `adlcp:map`, read and written by every SCO that maps it, kept across SCOs and attempts.
 */
export const scormSharedData = pgTable(
  'scorm_shared_data',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id')
      .notNull()
      .references(() => scormPackages.id, { onDelete: 'cascade' }),
    targetId: text('target_id').notNull(),
    store: text('store').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.learnerId, table.packageId, table.targetId] }),
    index('scorm_shared_data_package_idx').on(table.packageId),
  ],
);
