import { z } from 'zod';

export const CONTACT_TOPICS = ['account', 'billing', 'courses', 'accessibility', 'privacy', 'other'] as const;
export const contactTopicSchema = z.enum(CONTACT_TOPICS);
export type ContactTopic = z.infer<typeof contactTopicSchema>;

export const CONTACT_STATUSES = ['new', 'answered', 'closed'] as const;
export const contactStatusSchema = z.enum(CONTACT_STATUSES);
export type ContactStatus = z.infer<typeof contactStatusSchema>;

export const CONTACT_LIMITS = { name: 120, email: 254, message: 5000, reply: 5000 } as const;

/** Messages one sender address, and one network address, may send per hour. */
export const CONTACT_RATE_LIMITS = { perAddress: 5, perNetworkAddress: 20, windowMinutes: 60 } as const;

/** Messages per page of the admin inbox. */
export const CONTACT_PAGE_SIZE = 20;

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/**
 * POST /api/contact. `website` is a field people never see: a filled one marks a bot, which is answered as if
 * the message went through.
 */
export const sendContactMessageBodySchema = z
  .object({
    name: requiredText(
      CONTACT_LIMITS.name,
      'Enter your name.',
      `Keep your name under ${CONTACT_LIMITS.name} characters.`,
    ),
    email: z
      .string({ error: 'Enter your email address.' })
      .trim()
      .toLowerCase()
      .min(1, { error: 'Enter your email address.' })
      .max(CONTACT_LIMITS.email, { error: 'Enter a valid email address.' })
      .pipe(z.email({ error: 'Enter a valid email address.' })),
    topic: z.enum(CONTACT_TOPICS, { error: 'Choose a topic.' }),
    message: requiredText(
      CONTACT_LIMITS.message,
      'Write your message.',
      `Keep your message under ${CONTACT_LIMITS.message} characters.`,
    ),
    website: z.string().max(500).optional(),
  })
  .strict();
export type SendContactMessageBody = z.infer<typeof sendContactMessageBodySchema>;
export type ContactFormField = 'name' | 'email' | 'topic' | 'message';
export type ContactFormProblem = 'required' | 'invalid' | 'tooLong';

/** What is wrong with each field of the contact form, the same rules the server applies; empty when it can be sent. */
export function contactFormProblems(
  input: Record<ContactFormField, string>,
): Partial<Record<ContactFormField, ContactFormProblem>> {
  const parsed = sendContactMessageBodySchema.safeParse(input);
  if (parsed.success) return {};
  const problems: Partial<Record<ContactFormField, ContactFormProblem>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactFormField;
    if (problems[field]) continue;
    const empty = input[field].trim() === '';
    problems[field] = empty ? 'required' : issue.code === 'too_big' ? 'tooLong' : 'invalid';
  }
  return problems;
}

export const contactReceivedSchema = z.object({ status: z.literal('received') });

export const contactParamsSchema = z.object({ id: z.uuid({ error: 'Unknown message.' }) });

type CursorKey = { createdAt: string; id: string };

/** An inbox page's position: the last message shown (its time and id), opaque to the client. */
export function encodeContactCursor(key: CursorKey): string {
  return btoa(JSON.stringify([key.createdAt, key.id]))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

const cursorKeySchema = z.tuple([z.iso.datetime({ offset: true }), z.uuid()]);

const cursorSchema = z
  .string()
  .max(200)
  .transform((value, context): CursorKey => {
    let decoded: unknown;
    try {
      decoded = JSON.parse(atob(value.replaceAll('-', '+').replaceAll('_', '/')));
    } catch {
      decoded = null;
    }
    const parsed = cursorKeySchema.safeParse(decoded);
    if (!parsed.success) {
      context.addIssue({ code: 'custom', message: 'This page cursor is not valid; start from the first page.' });
      return z.NEVER;
    }
    return { createdAt: parsed.data[0], id: parsed.data[1] };
  });

/** GET /api/admin/contact */
export const contactInboxQuerySchema = z
  .object({
    status: contactStatusSchema.default('new'),
    cursor: cursorSchema.optional(),
  })
  .strict();
export type ContactInboxQuery = z.infer<typeof contactInboxQuerySchema>;

export const contactSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  topic: contactTopicSchema,
  status: contactStatusSchema,
  /** The start of the message, for the list. */
  preview: z.string(),
  has_account: z.boolean(),
  created_at: z.string(),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;

export const contactInboxSchema = z.object({
  messages: z.array(contactSummarySchema),
  next_cursor: z.string().nullable(),
  counts: z.object({ new: z.number(), answered: z.number(), closed: z.number() }),
});
export type ContactInbox = z.infer<typeof contactInboxSchema>;

export const contactReplySchema = z.object({
  id: z.string(),
  message: z.string(),
  admin_name: z.string().nullable(),
  created_at: z.string(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

export const contactMessageSchema = contactSummarySchema.omit({ preview: true }).extend({
  message: z.string(),
  language: z.string(),
  updated_at: z.string(),
  replies: z.array(contactReplySchema),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** POST /api/admin/contact/:id/reply */
export const replyToContactBodySchema = z
  .object({
    message: requiredText(
      CONTACT_LIMITS.reply,
      'Write your reply.',
      `Keep your reply under ${CONTACT_LIMITS.reply} characters.`,
    ),
  })
  .strict();
export type ReplyToContactBody = z.infer<typeof replyToContactBodySchema>;

/** PATCH /api/admin/contact/:id: close a conversation, or open it again (new, or answered once replied to). */
export const updateContactBodySchema = z.object({ status: z.enum(['closed', 'open']) }).strict();
export type UpdateContactBody = z.infer<typeof updateContactBodySchema>;
