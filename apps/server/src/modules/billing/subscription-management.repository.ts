import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';
import { billingInvoices } from './billing.table.ts';
import { sandboxPaymentMethods, subscriptionSchedules } from './subscription-management.table.ts';

export type ScheduleRow = typeof subscriptionSchedules.$inferSelect;
export type ScheduleChange = Partial<Pick<ScheduleRow, 'cancelAtPeriodEnd' | 'nextTier' | 'nextInterval'>>;

export function createSubscriptionManagementRepository({ db }: { db: Db }) {
  return {
    async subscriptionOf(userId: string) {
      const [row] = await db
        .select({ subscription: subscriptions, schedule: subscriptionSchedules })
        .from(subscriptions)
        .leftJoin(subscriptionSchedules, eq(subscriptionSchedules.userId, subscriptions.userId))
        .where(eq(subscriptions.userId, userId));
      return row;
    },
    async updateSchedule(userId: string, change: ScheduleChange, now: Date): Promise<ScheduleRow> {
      const [row] = await db
        .insert(subscriptionSchedules)
        .values({ userId, ...change, updatedAt: now })
        .onConflictDoUpdate({ target: subscriptionSchedules.userId, set: { ...change, updatedAt: now } })
        .returning();
      if (!row) throw new Error('Schedule upsert returned no row');
      return row;
    },
    /** The user's invoices, newest first. */
    async invoicesOf(userId: string) {
      return db
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.userId, userId))
        .orderBy(desc(billingInvoices.paidAt), desc(billingInvoices.id));
    },
    async latestInvoiceOf(userId: string) {
      const [row] = await db
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.userId, userId))
        .orderBy(desc(billingInvoices.paidAt))
        .limit(1);
      return row;
    },
    async paymentMethodOf(userId: string) {
      const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.userId, userId));
      return row;
    },
    async savePaymentMethod(userId: string, card: { brand: string; last4: string }, now: Date) {
      await db
        .insert(sandboxPaymentMethods)
        .values({ userId, ...card, updatedAt: now })
        .onConflictDoUpdate({ target: sandboxPaymentMethods.userId, set: { ...card, updatedAt: now } });
    },
  };
}
export type SubscriptionManagementRepository = ReturnType<typeof createSubscriptionManagementRepository>;
