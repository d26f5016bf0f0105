import { isPhoneOnlyEmail } from '@portal/shared/auth';
import type { ServerMessage } from '@portal/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mail.service.ts';
import { type LiveNoticeKind, languageOfProfile, liveMail } from './live.mail.ts';
import type { LiveRecipient, LiveSessionRow } from './live.repository.ts';

type LiveChange = Extract<ServerMessage, { type: 'live_session_changed' }>['change'];

const CHANGE_OF_NOTICE: Record<LiveNoticeKind, LiveChange> = {
  invited: 'scheduled',
  updated: 'updated',
  cancelled: 'cancelled',
  promoted: 'promoted',
  reminder_24h: 'reminder_24h',
  reminder_15m: 'reminder_15m',
};

type NotifierDeps = {
  mailer: Mailer;
  publishToUser: (userId: string, message: ServerMessage) => Promise<void>;
  publicUrl: string;
  logger: Pick<FastifyBaseLogger, 'warn'>;
};

/** Where a notice points: the room itself shortly before the start, otherwise the hub. */
function linkOf(publicUrl: string, session: LiveSessionRow, kind: LiveNoticeKind): string {
  return new URL(
    kind === 'reminder_15m' ? `/dashboard/learner/live-hub/${session.id}` : '/dashboard/learner/live-hub',
    publicUrl,
  ).toString();
}

/** Tells people about a live session by mail (their language and time zone) and in the open app (a realtime toast). */
export function createLiveNotifier({ mailer, publishToUser, publicUrl, logger }: NotifierDeps) {
  /** The notice in the open app only (the room page and the toast); a failed push is logged. */
  async function push(userId: string, session: LiveSessionRow, kind: LiveNoticeKind) {
    await publishToUser(userId, {
      type: 'live_session_changed',
      session_id: session.id,
      change: CHANGE_OF_NOTICE[kind],
      title: session.title,
      starts_at: session.startsAt.toISOString(),
    }).catch((error: unknown) => logger.warn({ err: error }, 'live session change not pushed'));
  }

  /** One person, one notice; a failed push or mail is logged and never undoes the change that caused it. */
  async function tell(recipient: LiveRecipient, session: LiveSessionRow, kind: LiveNoticeKind) {
    await push(recipient.userId, session, kind);
    if (isPhoneOnlyEmail(recipient.email)) return;
    const mail = liveMail(languageOfProfile(recipient.primaryLanguage), {
      kind,
      title: session.title,
      startsAt: session.startsAt,
      timeZone: recipient.timezone ?? session.timeZone,
      link: linkOf(publicUrl, session, kind),
    });
    await mailer
      .send({ channel: 'email', to: recipient.email, ...mail })
      .catch((error: unknown) => logger.warn({ err: error }, 'live session mail not sent'));
  }

  return {
    tell,
    push,
    async tellAll(recipients: LiveRecipient[], session: LiveSessionRow, kind: LiveNoticeKind) {
      for (const recipient of recipients) await tell(recipient, session, kind);
    },
  };
}
export type LiveNotifier = ReturnType<typeof createLiveNotifier>;
