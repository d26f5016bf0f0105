import { createHash, randomBytes } from 'node:crypto';
import { toInterfaceLanguage } from '@portal/shared/language';
import { hasTierAccess } from '@portal/shared/tiers';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { type SeatNotice, seatMail } from './seats.mail.ts';
import type { SeatRow, SeatsRepository } from './seats.repository.ts';

export type SeatsDeps = {
  repository: SeatsRepository;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  mailer: Mailer;
  publicUrl: string;
  logger: Pick<FastifyBaseLogger, 'error'>;
  now: () => Date;
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');
export const noSuchSeat = () => new AppError('not_found', 'There is no such seat or invitation.');

/** Mail, audit and plan look-ups every seat change shares. */
export function createSeatNotices({ repository, subscriptionService, auditService, mailer, publicUrl }: SeatsDeps) {
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

  return { sharesPlan, send, audit, ownerName, mailInvite };
}
export type SeatNotices = ReturnType<typeof createSeatNotices>;
