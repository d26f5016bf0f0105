import type { InterfaceLanguage } from '@portal/shared/language';
import { AppError } from '../../errors.ts';
import type { SeatRow } from './seats.repository.ts';
import type { SeatAccess } from './seats-access.ts';
import { hashToken, type SeatNotices, type SeatsDeps } from './seats-notices.ts';

/** Refuses an invitation to the user's own plan or one sent to another address. */
function refuseForeignInvitation(seat: SeatRow, userId: string, userEmail: string | undefined) {
  if (seat.ownerId === userId) throw new AppError('conflict', 'This is your own plan.', { reasons: ['own_plan'] });
  if (userEmail?.toLowerCase() !== seat.email) {
    throw new AppError('forbidden', 'This invitation was sent to another email address.', {
      reasons: ['other_email'],
    });
  }
}

/** The member's side: accepting an invitation and leaving the shared plan. */
export function createSeatMembership(
  { repository, subscriptionService, now }: SeatsDeps,
  notices: SeatNotices,
  access: SeatAccess,
) {
  return {
    async accept(userId: string, token: string, language: InterfaceLanguage) {
      const seat = await repository.pendingByToken(hashToken(token));
      if (!seat) throw new AppError('not_found', 'This invitation is no longer valid.', { reasons: ['invalid'] });
      const user = await repository.userOf(userId);
      refuseForeignInvitation(seat, userId, user?.email);
      if (!(await notices.sharesPlan(seat.ownerId))) {
        throw new AppError('conflict', "The owner's plan is not active.", { reasons: ['owner_inactive'] });
      }
      const joined = await repository.update(seat.id, 'pending', {
        status: 'active',
        memberId: userId,
        acceptedAt: now(),
        language,
      });
      if (!joined) {
        throw new AppError('conflict', 'You are already a member of a shared plan.', { reasons: ['already_member'] });
      }
      await notices.audit(userId, 'shared_plan.joined', joined);
      subscriptionService.notifyChange(userId);
      return { owner_name: await notices.ownerName(seat.ownerId) };
    },

    async leave(memberId: string) {
      const membership = await repository.membershipOf(memberId);
      if (!membership) throw new AppError('not_found', 'You are not a member of a shared plan.');
      const left = await repository.update(membership.seat.id, 'active', { status: 'left', endedAt: now() });
      if (left) await notices.audit(memberId, 'shared_plan.left', left);
      subscriptionService.notifyChange(memberId);
      return access.overview(memberId);
    },
  };
}
