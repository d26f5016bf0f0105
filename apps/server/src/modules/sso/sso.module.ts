import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Auth } from '../auth/auth.ts';
import { createSsoRepository } from './sso.repository.ts';
import { ssoRoutes } from './sso.routes.ts';
import { createSsoService } from './sso.service.ts';
import { createSecretBox } from './sso-secret.ts';

/** Single sign-on through OpenID Connect providers that admins configure; sign-ins run the auth library's plugin. */
export async function registerSso(
  app: FastifyInstance,
  {
    db,
    auth,
    auditService,
    config,
  }: {
    db: Db;
    auth: Auth;
    auditService: AuditService;
    config: { authSecret: string; publicUrl: string; authRateLimitPerMinute: number };
  },
) {
  const ssoService = createSsoService({
    ssoRepository: createSsoRepository({ db }),
    secretBox: createSecretBox(config.authSecret),
    publicUrl: config.publicUrl,
    audit: (event) => auditService.recordAuditEvent(event),
  });
  await app.register(ssoRoutes, {
    ssoService,
    auth,
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
}
