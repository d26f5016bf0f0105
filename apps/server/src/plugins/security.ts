import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Browsers keep to https for a year on this host and its subdomains once they have seen it. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Security headers for the SPA and the API, set by one `helmet` middleware built at start-up (the Fastify wrapper
 * builds a new one, parsing every directive again, on each request). Strict-Transport-Security goes out whenever the app is served over https:
 * PUBLIC_URL is https, or this request arrived over https (directly, or by `X-Forwarded-Proto` from a trusted proxy).
 */
export const securityPlugin = fp(async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
  const servedOverHttps = new URL(publicUrl).protocol === 'https:';
  app.addHook('onRequest', async (request, reply) => {
    if (servedOverHttps || request.protocol === 'https') {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
  });
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Lesson Markdown may show https images and video lessons may play an https file by URL.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
});
