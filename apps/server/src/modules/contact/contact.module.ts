import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { createContactRepository } from './contact.repository.ts';
import { contactRoutes } from './contact.routes.ts';
import { createContactService } from './contact.service.ts';

/** The public contact form and the admins' contact inbox. */
export async function registerContact(
  app: FastifyInstance,
  {
    db,
    mailer,
    auditService,
    publicUrl,
    addressSecret,
  }: { db: Db; mailer: Mailer; auditService: AuditService; publicUrl: string; addressSecret: string },
) {
  const contactService = createContactService({
    repository: createContactRepository({ db }),
    mailer,
    auditService,
    publicUrl,
    addressSecret,
  });
  await app.register(contactRoutes, { contactService });
  return contactService;
}
