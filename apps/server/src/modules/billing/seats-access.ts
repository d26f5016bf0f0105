import { SHARED_PLAN_SEATS, type SharedPlan } from '@portal/shared/seats';
import { hasTierAccess, type SubscriptionStatus } from '@portal/shared/tiers';
import type { SeatRow } from './seats.repository.ts';
import type { SeatNotices, SeatsDeps } from './seats-notices.ts';

function toSeatView({ seat, memberName }: { seat: SeatRow; memberName: string | null }): SharedPlan['seats'][number] {
  return {
    id: seat.id,
    email: seat.email,
    status: seat.status === 'active' ? 'active' : 'pending',
    member_name: memberName,
    invited_at: seat.invitedAt.toISOString(),
    last_sent_at: seat.lastSentAt.toISOString(),
    accepted_at: seat.acceptedAt?.toISOString() ?? null,
  };
}

/** The access a member has through the owner's plan, and the overview of seats and membership. */
export function createSeatAccess({ repository, subscriptionService, now }: SeatsDeps, notices: SeatNotices) {
  /** Tells a member once that the owner's plan ended; the notice resets when the plan gives access again. */
  async function noticeLapse(seat: SeatRow, owner: string) {
    if (!seat.memberId || !(await repository.markLapseNotice(seat.id, now()))) return;
    const member = await repository.userOf(seat.memberId);
    if (member) await notices.send(member.email, seat.language, { kind: 'lapsed', owner });
    await notices.audit(seat.memberId, 'shared_plan.lapsed', seat);
    subscriptionService.notifyChange(seat.memberId);
  }

  /** The `us` access a member has through the owner's plan, or null when there is none (now). */
  async function statusOf(memberId: string): Promise<SubscriptionStatus | null> {
    const membership = await repository.membershipOf(memberId);
    if (!membership) return null;
    const { seat } = membership;
    const owner = await subscriptionService.getOwnStatus(seat.ownerId);
    if (!hasTierAccess(owner, 'us')) {
      await noticeLapse(seat, membership.ownerName);
      return null;
    }
    if (seat.lapseNoticeAt) await repository.update(seat.id, 'active', { lapseNoticeAt: null });
    return { subscribed: true, subscription_tier: 'us', current_period_end: owner.current_period_end };
  }

  async function overview(userId: string): Promise<SharedPlan> {
    const [canShare, rows, membership] = await Promise.all([
      notices.sharesPlan(userId),
      repository.openSeatsOf(userId),
      repository.membershipOf(userId),
    ]);
    return {
      can_share: canShare,
      seat_limit: SHARED_PLAN_SEATS,
      seats_used: rows.length,
      seats: rows.map(toSeatView),
      membership: membership
        ? { seat_id: membership.seat.id, owner_name: membership.ownerName, active: (await statusOf(userId)) !== null }
        : null,
    };
  }

  return { statusOf, overview };
}
export type SeatAccess = ReturnType<typeof createSeatAccess>;

/** Who shares a plan, and keeping their access current when the owner's plan changes. */
export function createSeatPlanMembers({ repository, subscriptionService, logger }: SeatsDeps, access: SeatAccess) {
  return {
    /** After the owner's plan changed: members learn at once whether they keep access. */
    async planChanged(ownerId: string) {
      try {
        for (const seat of await repository.activeSeatsOf(ownerId)) {
          if (!seat.memberId) continue;
          await access.statusOf(seat.memberId);
          subscriptionService.notifyChange(seat.memberId);
        }
      } catch (error) {
        logger.error({ err: error, ownerId }, 'shared plan members not updated after a plan change');
      }
    },

    /** Everyone on the user's shared plan: its owner, the user and the members holding a seat now. */
    async planMembersOf(userId: string) {
      const ownerId = (await repository.membershipOf(userId))?.seat.ownerId ?? userId;
      const members = (await repository.activeSeatsOf(ownerId)).flatMap((seat) =>
        seat.memberId ? [seat.memberId] : [],
      );
      return [...new Set([ownerId, userId, ...members])];
    },

    async ownerNameOfMember(memberId: string) {
      return (await repository.membershipOf(memberId))?.ownerName ?? null;
    },
  };
}
