import { and, desc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
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

/**
 * Uses held by checkouts that were canceled or lapsed without payment go back to the code, so an abandoned
 * checkout does not use up a limited code. Runs with the coupon's row locked, before a new use is counted.
 */
async function releaseUnpaid(tx: Tx, couponId: string, now: Date) {
  const unpaid = tx
    .select({ id: billingCheckoutSessions.id })
    .from(billingCheckoutSessions)
    .where(
      and(
        isNull(billingCheckoutSessions.payKey),
        or(
          inArray(billingCheckoutSessions.status, ['canceled', 'expired']),
          and(eq(billingCheckoutSessions.status, 'open'), lt(billingCheckoutSessions.expiresAt, now)),
        ),
      ),
    );
  await returnUses(tx, couponId, inArray(couponRedemptions.sessionId, unpaid));
}

/** Removes the coupon's uses that `which` picks and counts them back to the code, with the coupon's row locked. */
async function returnUses(tx: Tx, couponId: string, which: SQL | undefined) {
  await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId)).for('update');
  const returned = await tx
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), which))
    .returning({ id: couponRedemptions.id });
  if (returned.length === 0) return;
  await tx
    .update(coupons)
    .set({ redemptionCount: sql`greatest(${coupons.redemptionCount} - ${returned.length}, 0)` })
    .where(eq(coupons.id, couponId));
}

/** The user's earlier use of the coupon, locked for this redemption, with the pay key of its checkout. */
async function lockEarlierUse(tx: Tx, couponId: string, userId: string) {
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
  return earlier;
}

/** Counts one more use while the coupon is enabled, unexpired and below its limit; false when it is not. */
async function countOneUse(tx: Tx, couponId: string, now: Date) {
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
  return counted !== undefined;
}

/** Removes the user's use of the coupon made without a checkout and counts it back, with the coupon's row locked. */
function giveBackUse(tx: Tx, couponId: string, userId: string) {
  return returnUses(tx, couponId, and(eq(couponRedemptions.userId, userId), isNull(couponRedemptions.sessionId)));
}

function createCouponReads(db: Db) {
  return {
    async list() {
      return db.select().from(coupons).orderBy(desc(coupons.createdAt));
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
  };
}

function createCouponWrites(db: Db) {
  return {
    async insert(coupon: typeof coupons.$inferInsert) {
      const [row] = await db.insert(coupons).values(coupon).onConflictDoNothing({ target: coupons.code }).returning();
      return row;
    },
    async disable(couponId: string, now: Date) {
      const [row] = await db
        .update(coupons)
        .set({ disabledAt: sql`coalesce(${coupons.disabledAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(coupons.id, couponId))
        .returning();
      return row;
    },
  };
}

function createCouponRedemptions(db: Db) {
  return {
    /** Gives back the uses abandoned checkouts held; answers the coupon as it stands then. */
    async releaseAbandoned(couponId: string, now: Date) {
      return db.transaction(async (tx: Tx) => {
        await releaseUnpaid(tx, couponId, now);
        const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId));
        return row ?? null;
      });
    },
    /**
     * Uses one redemption of a coupon for a user, atomically: the count rises only while it is below the limit
     * (concurrent requests queue on the coupon's row), and a user redeems a code once. A user's earlier use that
     * only discounted a checkout never paid moves to the new checkout without counting again.
     */
    /** Gives back a use without a checkout that the plan it was for never followed (`redeemFreeAccess`). */
    async giveBack(couponId: string, userId: string) {
      await db.transaction((tx: Tx) => giveBackUse(tx, couponId, userId));
    },

    async redeem(couponId: string, userId: string, sessionId: string | null, now: Date) {
      return db.transaction(async (tx: Tx) => {
        const earlier = await lockEarlierUse(tx, couponId, userId);
        if (earlier) {
          const unpaidCheckout = sessionId !== null && earlier.sessionId !== null && earlier.payKey === null;
          if (!unpaidCheckout) throw new RedemptionRefused('already_redeemed');
          await tx
            .update(couponRedemptions)
            .set({ sessionId, redeemedAt: now })
            .where(eq(couponRedemptions.id, earlier.id));
          return;
        }
        await releaseUnpaid(tx, couponId, now);
        if (!(await countOneUse(tx, couponId, now))) throw new RedemptionRefused('exhausted');
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

export function createCouponsRepository({ db }: { db: Db }) {
  return { ...createCouponWrites(db), ...createCouponReads(db), ...createCouponRedemptions(db) };
}
export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
