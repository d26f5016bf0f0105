import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { billingCheckoutSessions, billingEvents, billingInvoices } from './billing.table.ts';
import { billingCustomers } from './billing-customers.table.ts';

export type CheckoutSessionRow = typeof billingCheckoutSessions.$inferSelect;
export type NewCheckoutSession = typeof billingCheckoutSessions.$inferInsert;
export type InvoiceRow = typeof billingInvoices.$inferSelect;

/** The user's sessions that are open and not paid. */
const openUnpaidOf = (userId: string) =>
  and(
    eq(billingCheckoutSessions.userId, userId),
    eq(billingCheckoutSessions.status, 'open'),
    isNull(billingCheckoutSessions.payKey),
  );

/** The user's session while it is open and no payment went through yet. */
const openUnpaidSessionOf = (userId: string, sessionId: string) =>
  and(eq(billingCheckoutSessions.id, sessionId), openUnpaidOf(userId));

/**
 * Open and unpaid, and no other session of the user was paid after this one opened (another tab bought a plan, or a
 * plan change was charged).
 */
const claimableSessionOf = (userId: string, sessionId: string) =>
  and(
    openUnpaidSessionOf(userId, sessionId),
    sql`not exists (select 1 from ${billingCheckoutSessions} paid
      where paid.user_id = ${userId} and paid.id <> ${sessionId}
        and paid.paid_at >= billing_checkout_sessions.created_at)`,
  );

/** The user's open, unpaid sessions of this plan at this price that have not lapsed. */
const openSessionsOfPlan = (
  userId: string,
  plan: Pick<CheckoutSessionRow, 'tier' | 'interval' | 'amount'>,
  now: Date,
) =>
  and(
    openUnpaidOf(userId),
    gt(billingCheckoutSessions.expiresAt, now),
    eq(billingCheckoutSessions.tier, plan.tier),
    eq(billingCheckoutSessions.interval, plan.interval),
    eq(billingCheckoutSessions.amount, plan.amount),
  );

function createCheckoutSessionReads(db: Db) {
  return {
    /** The session when it belongs to this user; another user's session is as unknown as a made-up id. */
    async findSessionOfUser(userId: string, sessionId: string): Promise<CheckoutSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingCheckoutSessions)
        .where(and(eq(billingCheckoutSessions.id, sessionId), eq(billingCheckoutSessions.userId, userId)));
      return row;
    },
    /** For provider events, which carry the session id but no signed-in user. */
    async findSession(sessionId: string): Promise<CheckoutSessionRow | undefined> {
      const [row] = await db.select().from(billingCheckoutSessions).where(eq(billingCheckoutSessions.id, sessionId));
      return row;
    },
    /** The user's open, unpaid checkout of this plan at this price that has not lapsed, if there is one. */
    async findOpenSessionFor(
      userId: string,
      plan: Pick<CheckoutSessionRow, 'tier' | 'interval' | 'amount'>,
      now: Date,
    ): Promise<CheckoutSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingCheckoutSessions)
        .where(openSessionsOfPlan(userId, plan, now))
        .limit(1);
      return row;
    },
  };
}

/** The user's open, unpaid sessions other than `keptId`. */
const otherOpenSessions = (userId: string, keptId: string) =>
  and(openUnpaidOf(userId), ne(billingCheckoutSessions.id, keptId));

function createCheckoutSessionPayments(db: Db) {
  return {
    async insertSession(session: NewCheckoutSession) {
      const [row] = await db.insert(billingCheckoutSessions).values(session).returning();
      if (!row) throw new Error('Checkout session insert returned no row');
      return row;
    },
    /**
     * Claims an open, unpaid session for one payment: only the first of concurrent attempts gets the row back. A
     * session is not claimed once another of the user's sessions was paid after it opened (another tab bought a plan,
     * or a plan change was charged): payments of one user's sessions wait for each other, so two are never both taken.
     */
    async claimForPayment(userId: string, sessionId: string, payKey: string, now: Date) {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: billingCheckoutSessions.id })
          .from(billingCheckoutSessions)
          .where(eq(billingCheckoutSessions.userId, userId))
          .for('update');
        const [row] = await tx
          .update(billingCheckoutSessions)
          .set({ payKey, paidAt: now, updatedAt: now })
          .where(claimableSessionOf(userId, sessionId))
          .returning();
        return row;
      });
    },
  };
}

function createCheckoutSessionClosing(db: Db) {
  return {
    /** The provider's ids of the user's other open, unpaid sessions (those `cancelOtherOpenSessions` cancels). */
    async otherOpenProviderSessions(userId: string, keptId: string): Promise<string[]> {
      const rows = await db
        .select({ providerSessionId: billingCheckoutSessions.providerSessionId })
        .from(billingCheckoutSessions)
        .where(and(otherOpenSessions(userId, keptId), isNotNull(billingCheckoutSessions.providerSessionId)));
      return rows.flatMap((row) => (row.providerSessionId ? [row.providerSessionId] : []));
    },
    /** Remembers the provider's id of a session's checkout page, the first time the provider answers one. */
    async rememberProviderSession(sessionId: string, providerSessionId: string) {
      await db
        .update(billingCheckoutSessions)
        .set({ providerSessionId })
        .where(and(eq(billingCheckoutSessions.id, sessionId), isNull(billingCheckoutSessions.providerSessionId)));
    },
    /** Cancels the user's other open, unpaid sessions: the checkout opened last replaces them. */
    async cancelOtherOpenSessions(userId: string, keptId: string, now: Date) {
      await db
        .update(billingCheckoutSessions)
        .set({ status: 'canceled', updatedAt: now })
        .where(otherOpenSessions(userId, keptId));
    },
    /** Moves an open session on; a session that already left `open` keeps its state. */
    async closeOpenSession(sessionId: string, status: 'completed' | 'canceled' | 'expired', now: Date) {
      const [row] = await db
        .update(billingCheckoutSessions)
        .set({ status, updatedAt: now })
        .where(and(eq(billingCheckoutSessions.id, sessionId), eq(billingCheckoutSessions.status, 'open')))
        .returning();
      return row;
    },
    /** Cancel is refused once a payment went through. */
    async cancelUnpaidSession(userId: string, sessionId: string, now: Date) {
      const [row] = await db
        .update(billingCheckoutSessions)
        .set({ status: 'canceled', updatedAt: now })
        .where(openUnpaidSessionOf(userId, sessionId))
        .returning();
      return row;
    },
  };
}

function createBillingEventsAndInvoices(db: Db) {
  return {
    /** Records a provider event id; false when it was recorded before (a replay). */
    async recordEvent(event: { id: string; provider: 'sandbox' | 'stripe'; type: string; sessionId: string | null }) {
      const rows = await db
        .insert(billingEvents)
        .values(event)
        .onConflictDoNothing({ target: billingEvents.id })
        .returning({ id: billingEvents.id });
      return rows.length > 0;
    },
    /** Lets a provider's retry of an event whose handling failed be handled again. */
    async forgetEvent(eventId: string) {
      await db.delete(billingEvents).where(eq(billingEvents.id, eventId));
    },
    /** Inserts the session's invoice once; undefined when the session was invoiced before. */
    async insertInvoice(invoice: typeof billingInvoices.$inferInsert): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .insert(billingInvoices)
        .values(invoice)
        .onConflictDoNothing({ target: billingInvoices.sessionId })
        .returning();
      return row;
    },
    async invoiceOfSession(sessionId: string): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.sessionId, sessionId));
      return row;
    },
    async invoicesOf(userId: string): Promise<InvoiceRow[]> {
      return db.select().from(billingInvoices).where(eq(billingInvoices.userId, userId));
    },
  };
}

function createBillingCustomers(db: Db) {
  return {
    async emailOf(userId: string): Promise<string | null> {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return user?.email ?? null;
    },
    /** The language later notices about the plan are written in when no checkout session of the user says it. */
    async rememberLanguage(userId: string, language: string, at: Date) {
      await db
        .insert(billingCustomers)
        .values({ userId, language, updatedAt: at })
        .onConflictDoUpdate({ target: billingCustomers.userId, set: { language, updatedAt: at } });
    },
  };
}

export function createBillingRepository({ db }: { db: Db }) {
  return {
    ...createCheckoutSessionPayments(db),
    ...createCheckoutSessionReads(db),
    ...createCheckoutSessionClosing(db),
    ...createBillingEventsAndInvoices(db),
    ...createBillingCustomers(db),
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
