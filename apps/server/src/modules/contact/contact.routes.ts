import {
  contactInboxQuerySchema,
  contactInboxSchema,
  contactMessageSchema,
  contactParamsSchema,
  contactReceivedSchema,
  replyToContactBodySchema,
  sendContactMessageBodySchema,
  updateContactBodySchema,
} from '@portal/shared/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import type { RouteApp } from '../../route-app.ts';
import { requestLanguage } from '../auth/request-language.ts';
import type { ContactService } from './contact.service.ts';

const admin = { role: 'admin', feature: null } as const;

const tooManyMessages = (retryAfterSeconds: number) =>
  new AppError(
    'rate_limited',
    `You have sent several messages in a short time. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    { reasons: [String(retryAfterSeconds)] },
  );

export const contactRoutes: FastifyPluginAsyncZod<{ contactService: ContactService }> = async (
  app,
  { contactService },
) => {
  registerContactFormRoute(app, contactService);
  registerInboxRoutes(app, contactService);
  registerAnswerRoutes(app, contactService);
};

function registerContactFormRoute(app: RouteApp, contactService: ContactService) {
  app.post(
    '/api/contact',
    {
      config: { access: { role: 'anonymous', feature: null } },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the team; signed-in senders are recorded with it',
        description: `Limited per sender address and per network address each hour; a refusal is 429 with
          retry-after and the seconds to wait in reasons[0].`,
        body: sendContactMessageBodySchema,
        response: { 200: contactReceivedSchema },
      },
    },
    async (request, reply) => {
      const sender = await request.loadAuth();
      const result = await contactService.send({
        body: request.body,
        senderId: sender?.user.id ?? null,
        networkAddress: request.ip,
        language: requestLanguage(request.headers),
      });
      if (result.kind === 'limited') {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw tooManyMessages(result.retryAfterSeconds);
      }
      return { status: 'received' as const };
    },
  );
}

function registerInboxRoutes(app: RouteApp, contactService: ContactService) {
  app.get(
    '/api/admin/contact',
    {
      config: { access: admin },
      schema: {
        tags: ['contact'],
        summary: 'Contact messages of one status, newest first, a page at a time, with the count of each status',
        querystring: contactInboxQuerySchema,
        response: { 200: contactInboxSchema },
      },
    },
    async (request) => contactService.inbox(request.query),
  );

  app.get(
    '/api/admin/contact/:id',
    {
      config: { access: admin },
      schema: {
        tags: ['contact'],
        summary: 'A contact message and the replies sent to it',
        params: contactParamsSchema,
        response: { 200: contactMessageSchema },
      },
    },
    async (request) => contactService.read(request.params.id),
  );
}

function registerAnswerRoutes(app: RouteApp, contactService: ContactService) {
  app.post(
    '/api/admin/contact/:id/reply',
    {
      config: { access: admin },
      schema: {
        tags: ['contact'],
        summary: 'Mail a reply to the sender, record it and mark the message answered',
        params: contactParamsSchema,
        body: replyToContactBodySchema,
        response: { 200: contactMessageSchema },
      },
    },
    async (request) =>
      contactService.reply({
        id: request.params.id,
        adminId: request.auth().user.id,
        message: request.body.message,
        ipAddress: request.ip ?? null,
      }),
  );

  app.patch(
    '/api/admin/contact/:id',
    {
      config: { access: admin },
      schema: {
        tags: ['contact'],
        summary: 'Close a contact message, or open it again',
        params: contactParamsSchema,
        body: updateContactBodySchema,
        response: { 200: contactMessageSchema },
      },
    },
    async (request) =>
      contactService.updateStatus({
        id: request.params.id,
        adminId: request.auth().user.id,
        change: request.body,
        ipAddress: request.ip ?? null,
      }),
  );
}
