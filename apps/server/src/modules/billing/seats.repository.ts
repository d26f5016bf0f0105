import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../errors.ts';
import { sharedPlanSeats } from './seats.table.ts';

export type SeatRow = typeof sharedPlanSeats.$inferSelect;
const OPEN = ['pending', 'active'] as const;
const owners = alias(users, 'owners');

/** The owner's seats: open ones for the overview and changes, active ones for the plan's members. */
function createSeatReads(db: Db) {
  return {
    /** The owner's pending and taken seats, oldest first, with the member's name. */
    async openSeatsOf(ownerId: string) {
      return db
        .select({ seat: sharedPlanSeats, memberName: users.name })
        .from(sharedPlanSeats)
        .leftJoin(users, eq(users.id, sharedPlanSeats.memberId))
        .where(and(eq(sharedPlanSeats.ownerId, ownerId), inArray(sharedPlanSeats.status, OPEN)))
        .orderBy(asc(sharedPlanSeats.invitedAt));
    },
    async openSeatOf(ownerId: string, seatId: string) {
      const [row] = await db
        .select()
        .from(sharedPlanSeats)
        .where(
          and(
            eq(sharedPlanSeats.id, seatId),
            eq(sharedPlanSeats.ownerId, ownerId),
            inArray(sharedPlanSeats.status, OPEN),
          ),
        );
      return row;
    },
    async activeSeatsOf(ownerId: string) {
      return db
        .select()
        .from(sharedPlanSeats)
        .where(and(eq(sharedPlanSeats.ownerId, ownerId), eq(sharedPlanSeats.status, 'active')));
    },
  };
}

/** The people around a seat: users by id, the invitation behind a token, the plan a member is on. */
function createSeatMemberReads(db: Db) {
  return {
    async userOf(userId: string) {
      const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
      return row;
    },
    async pendingByToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(sharedPlanSeats)
        .where(and(eq(sharedPlanSeats.tokenHash, tokenHash), eq(sharedPlanSeats.status, 'pending')));
      return row;
    },
    /** The shared plan the user is a member of, with the owner's name. */
    async membershipOf(memberId: string) {
      const [row] = await db
        .select({ seat: sharedPlanSeats, ownerName: owners.name })
        .from(sharedPlanSeats)
        .innerJoin(owners, eq(owners.id, sharedPlanSeats.ownerId))
        .where(and(eq(sharedPlanSeats.memberId, memberId), eq(sharedPlanSeats.status, 'active')));
      return row;
    },
  };
}

function createSeatWrites(db: Db) {
  return {
    /**
     * Adds a pending invitation while fewer than `limit` seats are pending or taken: the owner's row is locked so
     * concurrent invitations count one after another. Answers 'full', 'duplicate' (already invited) or the seat.
     */
    async invite(seat: typeof sharedPlanSeats.$inferInsert & { ownerId: string }, limit: number) {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, seat.ownerId)).for('update');
        const [open] = await tx
          .select({ used: count() })
          .from(sharedPlanSeats)
          .where(and(eq(sharedPlanSeats.ownerId, seat.ownerId), inArray(sharedPlanSeats.status, OPEN)));
        if ((open?.used ?? 0) >= limit) return 'full' as const;
        const [row] = await tx.insert(sharedPlanSeats).values(seat).onConflictDoNothing().returning();
        return row ?? ('duplicate' as const);
      });
    },
    /** Moves a seat on from the state it is in; undefined when it was not in `from` (anymore). */
    async update(seatId: string, from: SeatRow['status'], set: Partial<typeof sharedPlanSeats.$inferInsert>) {
      try {
        const [row] = await db
          .update(sharedPlanSeats)
          .set(set)
          .where(and(eq(sharedPlanSeats.id, seatId), eq(sharedPlanSeats.status, from)))
          .returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },
    /** Stamps the lapse notice once; true only for the call that stamped it. */
    async markLapseNotice(seatId: string, at: Date) {
      const rows = await db
        .update(sharedPlanSeats)
        .set({ lapseNoticeAt: at })
        .where(and(eq(sharedPlanSeats.id, seatId), isNull(sharedPlanSeats.lapseNoticeAt)))
        .returning({ id: sharedPlanSeats.id });
      return rows.length > 0;
    },
  };
}

export function createSeatsRepository({ db }: { db: Db }) {
  return { ...createSeatMemberReads(db), ...createSeatReads(db), ...createSeatWrites(db) };
}
export type SeatsRepository = ReturnType<typeof createSeatsRepository>;
