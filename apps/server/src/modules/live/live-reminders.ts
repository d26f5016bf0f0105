import type { FastifyBaseLogger } from 'fastify';
import type { LiveNotifier } from './live.notify.ts';
import type { LiveRepository } from './live.repository.ts';

/** The job that sends due live session reminders; it runs every minute, once across instances. */
export const LIVE_REMINDERS_JOB = 'live.reminders';

/**
 * Sends the reminders due now (24 hours and 15 minutes before a start) to the host and to attendees going or maybe.
 * Each one is claimed in live_reminders_sent before it is sent, so overlapping runs on several instances send it
 * once; the start time is part of the claim, so a rescheduled session is reminded again.
 */
export function createLiveReminders({
  repository,
  notifier,
  logger,
  now,
}: {
  repository: LiveRepository;
  notifier: LiveNotifier;
  logger: Pick<FastifyBaseLogger, 'error'>;
  now: () => Date;
}) {
  return {
    async sendDue() {
      const due = await repository.dueReminders(now());
      const recipients = await repository.recipients([...new Set(due.map((row) => row.userId))]);
      let sent = 0;
      for (const { session, userId, kind } of due) {
        const recipient = recipients.find((row) => row.userId === userId);
        if (!recipient) continue;
        try {
          const claimed = await repository.claimReminder({
            sessionId: session.id,
            userId,
            kind,
            startsAt: session.startsAt,
          });
          if (!claimed) continue;
          await notifier.tell(recipient, session, kind === '24h' ? 'reminder_24h' : 'reminder_15m');
          sent += 1;
        } catch (error) {
          logger.error({ err: error, sessionId: session.id }, 'live reminder failed');
        }
      }
      return sent;
    },
  };
}
export type LiveReminders = ReturnType<typeof createLiveReminders>;
