import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingCheckoutSessions } from './billing.table.ts';
import { couponRedemptions, coupons } from './coupons.table.ts';

export type CouponRow = typeof coupons.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Thrown inside a redemption transaction to roll it back with the reason the code cannot be used. */
export class RedemptionRefused extends Error {
  constructor(readonly reason: 'exhausted' | 'already_redeemed') {
    super(reason);
  }
}

export function createCouponsRepository({ db }: { db: Db }) {
  return {
    async insert(coupon: typeof coupons.$inferInsert) {
      const [row] = await db.insert(coupons).values(coupon).onConflictDoNothing({ target: coupons.code }).returning();
      return row;
    },
    async list() {
      return db.select().from(coupons).orderBy(desc(coupons.createdAt));
    },
    async disable(couponId: string, now: Date) {
      const [row] = await db
        .update(coupons)
        .set({ disabledAt: sql`coalesce(${coupons.disabledAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(coupons.id, couponId))
        .returning();
      return row;
    },
    async findByCode(code: string) {
      const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
      return row;
    },
    /** The coupon that discounted a checkout session of this user, if any. */
    async couponOfSession(userId: string, sessionId: string) {
      const [row] = await db
        .select({ coupon: coupons })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .where(and(eq(couponRedemptions.sessionId, sessionId), eq(couponRedemptions.userId, userId)));
      return row?.coupon;
    },
    /**
     * Uses one redemption of a coupon for a user, atomically: the count rises only while it is below the limit
     * (concurrent requests queue on the coupon's row), and a user redeems a code once. A user's earlier use that
     * only discounted a checkout never paid moves to the new checkout without counting again.
     */
    async redeem(couponId: string, userId: string, sessionId: string | null, now: Date) {
      return db.transaction(async (tx: Tx) => {
        const [earlier] = await tx
          .select({
            id: couponRedemptions.id,
            sessionId: couponRedemptions.sessionId,
            payKey: billingCheckoutSessions.payKey,
          })
          .from(couponRedemptions)
          .leftJoin(billingCheckoutSessions, eq(billingCheckoutSessions.id, couponRedemptions.sessionId))
          .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)))
          .for('update', { of: couponRedemptions });
        if (earlier) {
          const unpaidCheckout = sessionId !== null && earlier.sessionId !== null && earlier.payKey === null;
          if (!unpaidCheckout) throw new RedemptionRefused('already_redeemed');
          await tx
            .update(couponRedemptions)
            .set({ sessionId, redeemedAt: now })
            .where(eq(couponRedemptions.id, earlier.id));
          return;
        }
        const [counted] = await tx
          .update(coupons)
          .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
          .where(
            and(
              eq(coupons.id, couponId),
              isNull(coupons.disabledAt),
              or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
              lt(coupons.redemptionCount, coupons.maxRedemptions),
            ),
          )
          .returning({ id: coupons.id });
        if (!counted) throw new RedemptionRefused('exhausted');
        const inserted = await tx
          .insert(couponRedemptions)
          .values({ couponId, userId, sessionId, redeemedAt: now })
          .onConflictDoNothing()
          .returning({ id: couponRedemptions.id });
        if (inserted.length === 0) throw new RedemptionRefused('already_redeemed');
      });
    },
  };
}
export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
