import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createMailRepository, type MailRepository } from './mail.repository.ts';
import { mailRoutes } from './mail.routes.ts';
import { createMailer } from './mail.service.ts';

/** The mailer every module sends through; the app closes it on shutdown, after the last event is delivered. */
export function createMail(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const mailRepository = createMailRepository({ db });
  const mailer = createMailer({ config, mailRepository, logger: app.log });
  return { mailer, mailRepository };
}

/** The development mailbox, where admins read mail that was not delivered; only when it is switched on. */
export async function registerMail(
  app: FastifyInstance,
  { config, mailRepository }: { config: Config; mailRepository: MailRepository },
) {
  if (config.devMailbox) await app.register(mailRoutes, { mailRepository });
}
