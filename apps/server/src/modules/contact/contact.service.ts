import { createHmac } from 'node:crypto';
import { isPhoneOnlyEmail } from '@portal/shared/auth';
import {
  CONTACT_PAGE_SIZE,
  CONTACT_RATE_LIMITS,
  type ContactInbox,
  type ContactInboxQuery,
  type ContactMessage,
  type ContactSummary,
  encodeContactCursor,
  type SendContactMessageBody,
  type UpdateContactBody,
} from '@portal/shared/contact';
import { type InterfaceLanguage, toInterfaceLanguage } from '@portal/shared/language';
import { PROFILE_LANGUAGE_CODES } from '@portal/shared/profile';
import { AppError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { contactAdminNoticeMail, contactConfirmationMail, contactReplyMail } from './contact.mail.ts';
import type { ContactMessageRow, ContactRepository } from './contact.repository.ts';

const PREVIEW_LENGTH = 160;

export type ContactSendResult = { kind: 'received' } | { kind: 'limited'; retryAfterSeconds: number };

const messageNotFound = () => new AppError('not_found', 'This contact message does not exist.');

function toSummary(row: ContactMessageRow): ContactSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    topic: row.topic,
    status: row.status,
    preview: row.message.slice(0, PREVIEW_LENGTH),
    has_account: row.userId !== null,
    created_at: row.createdAt.toISOString(),
  };
}

function languageOfProfile(primaryLanguage: string | null): InterfaceLanguage {
  const code = primaryLanguage && Object.hasOwn(PROFILE_LANGUAGE_CODES, primaryLanguage) ? primaryLanguage : null;
  return toInterfaceLanguage(code ? PROFILE_LANGUAGE_CODES[code as keyof typeof PROFILE_LANGUAGE_CODES] : null) ?? 'en';
}

type ContactServiceDeps = {
  repository: ContactRepository;
  mailer: Mailer;
  auditService: AuditService;
  publicUrl: string;
  /** Keys the hash of network addresses, so the stored hash reveals no address. */
  addressSecret: string;
};

type ContactSendInput = {
  body: SendContactMessageBody;
  senderId: string | null;
  networkAddress: string;
  language: InterfaceLanguage;
};

type ContactReplyInput = { id: string; adminId: string; message: string; ipAddress: string | null };

type ContactStatusInput = { id: string; adminId: string; change: UpdateContactBody; ipAddress: string | null };

const hashAddress = (secret: string, address: string) => createHmac('sha256', secret).update(address).digest('hex');

async function notifyAdmins({ repository, mailer, publicUrl }: ContactServiceDeps, row: ContactMessageRow) {
  const link = `${publicUrl}/dashboard/admin/contact?message=${row.id}`;
  for (const admin of await repository.listAdminRecipients()) {
    if (isPhoneOnlyEmail(admin.email)) continue;
    const mail = contactAdminNoticeMail(languageOfProfile(admin.primaryLanguage), {
      name: row.name,
      email: row.email,
      topic: row.topic,
      message: row.message,
      link,
    });
    await mailer.send({ channel: 'email', to: admin.email, ...mail });
  }
}

async function findOrFail(repository: ContactRepository, id: string) {
  const row = await repository.find(id);
  if (!row) throw messageNotFound();
  return row;
}

async function detail(repository: ContactRepository, row: ContactMessageRow): Promise<ContactMessage> {
  const { preview: _preview, ...summary } = toSummary(row);
  const replies = await repository.repliesTo(row.id);
  return {
    ...summary,
    message: row.message,
    language: row.language,
    updated_at: row.updatedAt.toISOString(),
    replies: replies.map((reply) => ({
      id: reply.id,
      message: reply.message,
      admin_name: reply.adminName,
      created_at: reply.createdAt.toISOString(),
    })),
  };
}

async function sendMessage(deps: ContactServiceDeps, input: ContactSendInput): Promise<ContactSendResult> {
  const { body, senderId, networkAddress, language } = input;
  if (body.website?.trim()) return { kind: 'received' };
  const result = await deps.repository.insertWithinLimits(
    {
      userId: senderId,
      name: body.name,
      email: body.email,
      topic: body.topic,
      message: body.message,
      language,
      senderAddressHash: hashAddress(deps.addressSecret, networkAddress),
    },
    [
      { column: 'email', max: CONTACT_RATE_LIMITS.perAddress },
      { column: 'senderAddressHash', max: CONTACT_RATE_LIMITS.perNetworkAddress },
    ],
    CONTACT_RATE_LIMITS.windowMinutes,
  );
  if ('retryAfterSeconds' in result) return { kind: 'limited', retryAfterSeconds: result.retryAfterSeconds };
  await notifyAdmins(deps, result.stored);
  await deps.mailer.send({
    channel: 'email',
    to: result.stored.email,
    ...contactConfirmationMail(language, body.topic),
  });
  return { kind: 'received' };
}

async function readInbox(repository: ContactRepository, { status, cursor }: ContactInboxQuery): Promise<ContactInbox> {
  const after = cursor ? { createdAt: new Date(cursor.createdAt), id: cursor.id } : undefined;
  const rows = await repository.page({ status, after, limit: CONTACT_PAGE_SIZE + 1 });
  const shown = rows.slice(0, CONTACT_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    messages: shown.map(toSummary),
    next_cursor:
      rows.length > CONTACT_PAGE_SIZE && last
        ? encodeContactCursor({ createdAt: last.createdAt.toISOString(), id: last.id })
        : null,
    counts: await repository.countByStatus(),
  };
}

async function replyToMessage(
  { repository, mailer, auditService }: ContactServiceDeps,
  { id, adminId, message, ipAddress }: ContactReplyInput,
): Promise<ContactMessage> {
  const recorded = await repository.addReply({ messageId: id, adminId, message });
  if (!recorded) throw messageNotFound();
  const { before, reply } = recorded;
  const language = toInterfaceLanguage(before.language) ?? 'en';
  await mailer.send({
    channel: 'email',
    to: before.email,
    ...contactReplyMail(language, { reply: message, original: before.message, topic: before.topic }),
  });
  await auditService.recordAuditEvent({
    userId: before.userId,
    actorId: adminId,
    action: 'contact.reply',
    tableName: 'contact_messages',
    recordId: id,
    oldValues: { status: before.status },
    newValues: { status: 'answered', reply_id: reply.id },
    legalBasis: 'legitimate_interest',
    purpose: 'Answering a message sent through the contact form',
    ipAddress,
  });
  return detail(repository, await findOrFail(repository, id));
}

async function changeStatus(
  { repository, auditService }: ContactServiceDeps,
  { id, adminId, change, ipAddress }: ContactStatusInput,
): Promise<ContactMessage> {
  const before = await findOrFail(repository, id);
  const status =
    change.status === 'closed' ? 'closed' : (await repository.hasReplies(id)) ? 'answered' : ('new' as const);
  if (status === before.status) return detail(repository, before);
  const after = await repository.setStatus(id, status);
  if (!after) throw messageNotFound();
  await auditService.recordAuditEvent({
    userId: before.userId,
    actorId: adminId,
    action: change.status === 'closed' ? 'contact.close' : 'contact.reopen',
    tableName: 'contact_messages',
    recordId: id,
    oldValues: { status: before.status },
    newValues: { status },
    legalBasis: 'legitimate_interest',
    purpose: 'Managing messages sent through the contact form',
    ipAddress,
  });
  return detail(repository, after);
}

/** The contact form and the admins' inbox: messages are stored, mailed to admins, confirmed and answered by mail. */
export function createContactService(deps: ContactServiceDeps) {
  const { repository } = deps;
  return {
    /**
     * Stores a visitor's message, tells every admin and confirms to the sender. A filled honeypot is answered the
     * same way but nothing is stored or sent.
     */
    send: (input: ContactSendInput): Promise<ContactSendResult> => sendMessage(deps, input),

    inbox: (query: ContactInboxQuery): Promise<ContactInbox> => readInbox(repository, query),

    async read(id: string): Promise<ContactMessage> {
      return detail(repository, await findOrFail(repository, id));
    },

    /** Mails the admin's answer to the sender, records it and marks the message answered. */
    reply: (input: ContactReplyInput): Promise<ContactMessage> => replyToMessage(deps, input),

    /** Closes a conversation, or opens it again: answered when it has replies, new otherwise. */
    updateStatus: (input: ContactStatusInput): Promise<ContactMessage> => changeStatus(deps, input),
  };
}
export type ContactService = ReturnType<typeof createContactService>;
