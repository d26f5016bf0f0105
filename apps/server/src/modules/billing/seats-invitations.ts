import type { InterfaceLanguage } from '@portal/shared/language';
import { SHARED_PLAN_SEATS } from '@portal/shared/seats';
import { AppError } from '../../errors.ts';
import { subscriptionRequired } from '../subscription/subscription.errors.ts';
import type { SeatRow } from './seats.repository.ts';
import type { SeatAccess } from './seats-access.ts';
import { hashToken, newToken, noSuchSeat, type SeatNotices, type SeatsDeps } from './seats-notices.ts';

function invitedSeat(result: SeatRow | 'full' | 'duplicate'): SeatRow {
  if (result === 'full') {
    throw new AppError('conflict', `All ${SHARED_PLAN_SEATS} seats are taken or invited.`, {
      reasons: ['seats_full'],
    });
  }
  if (result === 'duplicate') {
    throw new AppError('conflict', 'This address is already invited or a member.', {
      reasons: ['already_invited'],
    });
  }
  return result;
}

/** Inviting someone to a seat and sending the invitation again. */
function createSeatInvites({ repository, now }: SeatsDeps, notices: SeatNotices, access: SeatAccess) {
  return {
    async invite(ownerId: string, rawEmail: string, language: InterfaceLanguage) {
      if (!(await notices.sharesPlan(ownerId))) {
        throw subscriptionRequired('us', 'Sharing needs your own Us plan or higher.');
      }
      const email = rawEmail.trim().toLowerCase();
      if ((await repository.userOf(ownerId))?.email.toLowerCase() === email) {
        throw new AppError('bad_request', 'You are the owner of this plan; invite someone else.', {
          reasons: ['own_email'],
        });
      }
      const token = newToken();
      const at = now();
      const seat = invitedSeat(
        await repository.invite(
          { ownerId, email, status: 'pending', tokenHash: hashToken(token), language, invitedAt: at, lastSentAt: at },
          SHARED_PLAN_SEATS,
        ),
      );
      await notices.mailInvite(seat, token);
      await notices.audit(ownerId, 'shared_plan.invited', seat);
      return access.overview(ownerId);
    },

    async resend(ownerId: string, seatId: string) {
      const seat = await repository.openSeatOf(ownerId, seatId);
      if (seat?.status !== 'pending') throw noSuchSeat();
      const token = newToken();
      const updated = await repository.update(seat.id, 'pending', { tokenHash: hashToken(token), lastSentAt: now() });
      if (!updated) throw noSuchSeat();
      await notices.mailInvite(updated, token);
      await notices.audit(ownerId, 'shared_plan.invite_resent', updated);
      return access.overview(ownerId);
    },
  };
}

/** Ending a seat: revoking its invitation or removing its member. */
function createSeatRelease(
  { repository, subscriptionService, now }: SeatsDeps,
  notices: SeatNotices,
  access: SeatAccess,
) {
  return {
    /** Revokes a pending invitation or removes a member; a removed member is told and loses the access at once. */
    async release(ownerId: string, seatId: string) {
      const seat = await repository.openSeatOf(ownerId, seatId);
      if (!seat) throw noSuchSeat();
      const next = seat.status === 'active' ? 'removed' : 'revoked';
      const updated = await repository.update(seat.id, seat.status, { status: next, endedAt: now() });
      if (!updated) throw noSuchSeat();
      await notices.audit(ownerId, `shared_plan.${next}`, updated);
      if (updated.memberId) {
        const member = await repository.userOf(updated.memberId);
        if (member) {
          await notices.send(member.email, updated.language, {
            kind: 'removed',
            owner: await notices.ownerName(ownerId),
          });
        }
        subscriptionService.notifyChange(updated.memberId);
      }
      return access.overview(ownerId);
    },
  };
}

/** The owner's side: inviting, sending an invitation again, and revoking or removing a seat. */
export function createSeatInvitations(deps: SeatsDeps, notices: SeatNotices, access: SeatAccess) {
  return { ...createSeatInvites(deps, notices, access), ...createSeatRelease(deps, notices, access) };
}
