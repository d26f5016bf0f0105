import { z } from 'zod';

/** A message in the dev mailbox (the outbox shown when no SMTP server is configured). */
export const mailboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export const mailboxSchema = z.object({ messages: z.array(mailboxMessageSchema) });
