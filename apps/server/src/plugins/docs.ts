import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DOCS_PREFIX = '/api/docs';
/** Headers of the viewer's answers that the outer server sets for itself. */
const HOP_HEADERS = new Set(['content-length', 'connection', 'date', 'keep-alive', 'transfer-encoding']);

/** The OpenAPI document's header: title, server and the two ways to sign in. */
const openApiOptions = (publicUrl: string) => ({
  info: { title: 'Learning Portal API', version: '1.0.0' },
  servers: [{ url: publicUrl }],
  components: {
    securitySchemes: {
      bearer: { type: 'http' as const, scheme: 'bearer' },
      cookie: { type: 'apiKey' as const, in: 'cookie', name: 'portal.session_token' },
    },
  },
});

/** Loads the viewer's inner server on first use (again after a failed load) and closes it with the app. */
function viewerLoader(app: FastifyInstance) {
  let viewer: Promise<FastifyInstance> | null = null;
  const loadViewer = () => {
    viewer ??= (async () => {
      const { default: scalar } = await import('@scalar/fastify-api-reference');
      const inner = Fastify({ logger: false });
      await inner.register(scalar, {
        routePrefix: DOCS_PREFIX,
        configuration: { content: () => app.swagger() },
      });
      await inner.ready();
      return inner;
    })();
    viewer.catch(() => {
      viewer = null;
    });
    return viewer;
  };
  app.addHook('onClose', async () => {
    if (viewer) await (await viewer.catch(() => null))?.close();
  });
  return loadViewer;
}

/** A handler answering a docs request with the viewer's answer. */
function forwardingTo(loadViewer: () => Promise<FastifyInstance>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const inner = await loadViewer();
    const answer = await inner.inject({
      method: 'GET',
      url: request.url,
      headers: { host: request.headers.host ?? 'localhost' },
    });
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    }
    // The reference page runs its own inline bootstrap script.
    reply.header(
      'content-security-policy',
      "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:",
    );
    return reply.code(answer.statusCode).send(answer.rawPayload);
  };
}

/**
 * OpenAPI generated from the route schemas, browsable at /api/docs. The reference viewer ships a 4 MB script that
 * would sit in memory for the life of the process, so it is loaded on the first visit to the docs: a small inner
 * server holding only the viewer answers those requests, reading the document from this app's route schemas.
 */
export const docsPlugin = fp(async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
  await app.register(swagger, { openapi: openApiOptions(publicUrl), transform: jsonSchemaTransform });
  const forward = forwardingTo(viewerLoader(app));
  const options = { config: { access: { role: 'anonymous', feature: null } }, schema: { hide: true } } as const;
  app.get(DOCS_PREFIX, options, forward);
  app.get(`${DOCS_PREFIX}/*`, options, forward);
});
