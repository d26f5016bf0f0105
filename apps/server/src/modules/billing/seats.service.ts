import { createHash, randomBytes } from 'node:crypto';
import { type InterfaceLanguage, toInterfaceLanguage } from '@portal/shared/language';
import { SHARED_PLAN_SEATS, type SharedPlan } from '@portal/shared/seats';
import { hasTierAccess, type SubscriptionStatus } from '@portal/shared/tiers';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { subscriptionRequired } from '../subscription/subscription.errors.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { type SeatNotice, seatMail } from './seats.mail.ts';
import type { SeatRow, SeatsRepository } from './seats.repository.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const noSuchSeat = () => new AppError('not_found', 'There is no such seat or invitation.');

/** The shared "us" plan: the owner's seats and invitations, members joining and leaving, and their access. */
export function createSeatsService({
  repository,
  subscriptionService,
  auditService,
  mailer,
  publicUrl,
  logger,
  now = () => new Date(),
}: {
  repository: SeatsRepository;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  mailer: Mailer;
  publicUrl: string;
  logger: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
}) {
  const sharesPlan = async (ownerId: string) => hasTierAccess(await subscriptionService.getOwnStatus(ownerId), 'us');

  async function send(to: string, language: string, notice: SeatNotice) {
    await mailer.send({ channel: 'email', to, ...seatMail(toInterfaceLanguage(language) ?? 'en', notice) });
  }

  async function audit(userId: string, action: string, seat: SeatRow, newValues: Record<string, unknown> = {}) {
    await auditService.recordAuditEvent({
      userId,
      action,
      tableName: 'shared_plan_seats',
      recordId: seat.id,
      newValues: { owner_id: seat.ownerId, email: seat.email, member_id: seat.memberId, ...newValues },
      legalBasis: 'contract',
      purpose: 'shared plan',
    });
  }

  async function ownerName(ownerId: string) {
    return (await repository.userOf(ownerId))?.name ?? '';
  }

  async function mailInvite(seat: SeatRow, token: string) {
    const link = `${publicUrl}/subscription/invite/${encodeURIComponent(token)}`;
    await send(seat.email, seat.language, { kind: 'invite', owner: await ownerName(seat.ownerId), link });
  }

  /** Tells a member once that the owner's plan ended; the notice resets when the plan gives access again. */
  async function noticeLapse(seat: SeatRow, owner: string) {
    if (!seat.memberId || !(await repository.markLapseNotice(seat.id, now()))) return;
    const member = await repository.userOf(seat.memberId);
    if (member) await send(member.email, seat.language, { kind: 'lapsed', owner });
    await audit(seat.memberId, 'shared_plan.lapsed', seat);
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
      sharesPlan(userId),
      repository.openSeatsOf(userId),
      repository.membershipOf(userId),
    ]);
    return {
      can_share: canShare,
      seat_limit: SHARED_PLAN_SEATS,
      seats_used: rows.length,
      seats: rows.map(({ seat, memberName }) => ({
        id: seat.id,
        email: seat.email,
        status: seat.status === 'active' ? 'active' : 'pending',
        member_name: memberName,
        invited_at: seat.invitedAt.toISOString(),
        last_sent_at: seat.lastSentAt.toISOString(),
        accepted_at: seat.acceptedAt?.toISOString() ?? null,
      })),
      membership: membership
        ? {
            seat_id: membership.seat.id,
            owner_name: membership.ownerName,
            active: (await statusOf(userId)) !== null,
          }
        : null,
    };
  }

  return {
    statusOf,

    /** After the owner's plan changed: members learn at once whether they keep access. */
    async planChanged(ownerId: string) {
      try {
        for (const seat of await repository.activeSeatsOf(ownerId)) {
          if (!seat.memberId) continue;
          await statusOf(seat.memberId);
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

    overview,

    async invite(ownerId: string, rawEmail: string, language: InterfaceLanguage) {
      if (!(await sharesPlan(ownerId))) throw subscriptionRequired('us', 'Sharing needs your own Us plan or higher.');
      const email = rawEmail.trim().toLowerCase();
      if ((await repository.userOf(ownerId))?.email.toLowerCase() === email) {
        throw new AppError('bad_request', 'You are the owner of this plan; invite someone else.', {
          reasons: ['own_email'],
        });
      }
      const token = newToken();
      const at = now();
      const result = await repository.invite(
        { ownerId, email, status: 'pending', tokenHash: hashToken(token), language, invitedAt: at, lastSentAt: at },
        SHARED_PLAN_SEATS,
      );
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
      await mailInvite(result, token);
      await audit(ownerId, 'shared_plan.invited', result);
      return overview(ownerId);
    },

    async resend(ownerId: string, seatId: string) {
      const seat = await repository.openSeatOf(ownerId, seatId);
      if (seat?.status !== 'pending') throw noSuchSeat();
      const token = newToken();
      const updated = await repository.update(seat.id, 'pending', { tokenHash: hashToken(token), lastSentAt: now() });
      if (!updated) throw noSuchSeat();
      await mailInvite(updated, token);
      await audit(ownerId, 'shared_plan.invite_resent', updated);
      return overview(ownerId);
    },

    /** Revokes a pending invitation or removes a member; a removed member is told and loses the access at once. */
    async release(ownerId: string, seatId: string) {
      const seat = await repository.openSeatOf(ownerId, seatId);
      if (!seat) throw noSuchSeat();
      const next = seat.status === 'active' ? 'removed' : 'revoked';
      const updated = await repository.update(seat.id, seat.status, { status: next, endedAt: now() });
      if (!updated) throw noSuchSeat();
      await audit(ownerId, `shared_plan.${next}`, updated);
      if (updated.memberId) {
        const member = await repository.userOf(updated.memberId);
        if (member) await send(member.email, updated.language, { kind: 'removed', owner: await ownerName(ownerId) });
        subscriptionService.notifyChange(updated.memberId);
      }
      return overview(ownerId);
    },

    async accept(userId: string, token: string, language: InterfaceLanguage) {
      const seat = await repository.pendingByToken(hashToken(token));
      if (!seat) throw new AppError('not_found', 'This invitation is no longer valid.', { reasons: ['invalid'] });
      const user = await repository.userOf(userId);
      if (seat.ownerId === userId) throw new AppError('conflict', 'This is your own plan.', { reasons: ['own_plan'] });
      if (user?.email.toLowerCase() !== seat.email) {
        throw new AppError('forbidden', 'This invitation was sent to another email address.', {
          reasons: ['other_email'],
        });
      }
      if (!(await sharesPlan(seat.ownerId))) {
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
      await audit(userId, 'shared_plan.joined', joined);
      subscriptionService.notifyChange(userId);
      return { owner_name: await ownerName(seat.ownerId) };
    },

    async leave(memberId: string) {
      const membership = await repository.membershipOf(memberId);
      if (!membership) throw new AppError('not_found', 'You are not a member of a shared plan.');
      const left = await repository.update(membership.seat.id, 'active', { status: 'left', endedAt: now() });
      if (left) await audit(memberId, 'shared_plan.left', left);
      subscriptionService.notifyChange(memberId);
      return overview(memberId);
    },
  };
}
export type SeatsService = ReturnType<typeof createSeatsService>;
