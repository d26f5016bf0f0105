import { mailboxSchema } from '@portal/shared/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailRepository } from './mail.repository.ts';

/** The dev mailbox, for signed-in admins: lists the outbox so links and codes are usable without SMTP. */
export const mailRoutes: FastifyPluginAsyncZod<{ mailRepository: MailRepository }> = async (
  app,
  { mailRepository },
) => {
  app.get(
    '/api/dev/mailbox',
    {
      config: { access: { role: 'admin', feature: null } },
      schema: {
        tags: ['dev'],
        summary: 'Messages the portal sent (admins; development without SMTP only)',
        response: { 200: mailboxSchema },
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
