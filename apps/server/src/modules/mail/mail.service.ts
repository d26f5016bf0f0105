import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { MailRepository } from './mail.repository.ts';

export type OutgoingMessage = { channel: 'email' | 'sms'; to: string; subject: string; text: string };

type MailerDeps = {
  config: Pick<Config, 'smtp' | 'mailFrom'>;
  mailRepository: MailRepository;
  logger: FastifyBaseLogger;
};

function createSmtpTransport(smtp: Config['smtp']) {
  return smtp
    ? nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
      })
    : null;
}

/**
 * Records every message in the outbox, then delivers email over SMTP when it is configured. A message nothing
 * delivers (email without SMTP; texts, as no SMS gateway exists) is written to the server log once, at warn level so
 * production's default level shows it: the operator is then the only one who can pass its link or code on.
 */
export function createMailer({ config, mailRepository, logger }: MailerDeps) {
  const transport = createSmtpTransport(config.smtp);

  return {
    async send(message: OutgoingMessage) {
      const row = await mailRepository.insert({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        text: message.text,
      });
      if (!transport || message.channel !== 'email') {
        logger.warn(
          { outboxId: row.id, channel: message.channel, to: message.to },
          `Not delivered (${message.channel === 'email' ? 'no SMTP configured' : 'no SMS gateway'}): "${message.subject}" for ${message.to}\n${message.text}`,
        );
        return row;
      }
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        await mailRepository.markSent(row.id);
      } catch (error) {
        logger.error({ err: error, outboxId: row.id }, 'mail delivery failed');
        await mailRepository.markFailed(row.id, error instanceof Error ? error.message : String(error));
      }
      return row;
    },
    async close() {
      transport?.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
