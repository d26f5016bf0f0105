import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the route schemas, browsable at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Learning Portal API', version: '1.0.0' },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'portal.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(scalar, { routePrefix: '/api/docs' });
  // The reference page runs its own inline bootstrap script.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/docs')) {
      reply.header(
        'content-security-policy',
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:",
      );
    }
  });
});
