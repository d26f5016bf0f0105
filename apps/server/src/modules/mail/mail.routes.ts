import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MailRepository } from './mail.repository.ts';

const mailboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/** The dev mailbox: lists the outbox so links and codes are usable without SMTP. */
export const mailRoutes: FastifyPluginAsyncZod<{ mailRepository: MailRepository }> = async (
  app,
  { mailRepository },
) => {
  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages the portal sent (embedded default only)',
        response: { 200: z.object({ messages: z.array(mailboxMessageSchema) }) },
      },
    },
    async () => {
      const rows = await mailRepository.listLatest(50);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject,
          text: row.text,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
      };
    },
  );
};
