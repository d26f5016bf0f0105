import { DiscoveryError, discoverOIDCConfig } from '@better-auth/sso';
import {
  type CreateSsoProviderBody,
  emailDomain,
  SSO_CALLBACK_PATH,
  type SsoProvider,
  type UpdateSsoProviderBody,
} from '@portal/shared/sso';
import { AppError } from '../../errors.ts';
import { type AuditEventInput, changedValues } from '../audit/audit.service.ts';
import type { SsoProviderRow, SsoRepository } from './sso.repository.ts';
import type { SsoEndpoints } from './sso.table.ts';
import type { SecretBox } from './sso-secret.ts';
import type { SsoSignInProvider } from './sso-sign-in.ts';

const DISCOVERY_TIMEOUT_MS = 5000;
const AUDITED_FIELDS = ['slug', 'name', 'issuer', 'client_id', 'domains', 'default_role', 'enabled'] as const;

const isIpLiteral = (host: string) => /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');

/**
 * The issuer's own origin is the admin's say; endpoints elsewhere must be public https hosts (a provider that
 * serves its token or key endpoints from another domain).
 */
function trustedFor(issuer: string) {
  const issuerOrigin = new URL(issuer).origin;
  return (url: string) => {
    const target = new URL(url);
    if (target.origin === issuerOrigin) return true;
    return target.protocol === 'https:' && target.hostname !== 'localhost' && !isIpLiteral(target.hostname);
  };
}

/** Fetches and checks the issuer's discovery document; the endpoints it names are what sign-ins use. */
async function discover(issuer: string): Promise<{ issuer: string; endpoints: SsoEndpoints }> {
  try {
    const found = await discoverOIDCConfig({
      issuer,
      timeout: DISCOVERY_TIMEOUT_MS,
      isTrustedOrigin: trustedFor(issuer),
    });
    if (!found.authorizationEndpoint || !found.tokenEndpoint || !found.jwksEndpoint) {
      throw new AppError(
        'sso_discovery_failed',
        'The discovery document lacks the authorization, token or key endpoint.',
      );
    }
    if (found.tokenEndpointAuthentication === 'private_key_jwt') {
      throw new AppError(
        'sso_discovery_failed',
        'The provider accepts only private_key_jwt; use a client secret method.',
      );
    }
    return {
      issuer: found.issuer,
      endpoints: {
        authorizationEndpoint: found.authorizationEndpoint,
        tokenEndpoint: found.tokenEndpoint,
        jwksEndpoint: found.jwksEndpoint,
        userInfoEndpoint: found.userInfoEndpoint ?? null,
        tokenEndpointAuthentication:
          found.tokenEndpointAuthentication === 'client_secret_post' ? 'client_secret_post' : 'client_secret_basic',
      },
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof DiscoveryError) {
      throw new AppError('sso_discovery_failed', `The issuer's discovery document could not be used: ${error.message}`);
    }
    throw new AppError('sso_discovery_failed', 'The issuer could not be reached.', { cause: error });
  }
}

type SsoServiceDeps = {
  ssoRepository: SsoRepository;
  secretBox: SecretBox;
  publicUrl: string;
  audit: (event: AuditEventInput) => Promise<void>;
};

function presentProvider(row: SsoProviderRow, publicUrl: string): SsoProvider {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    issuer: row.issuer,
    client_id: row.clientId,
    has_secret: true,
    domains: row.domains,
    default_role: row.defaultRole,
    enabled: row.enabled,
    callback_url: `${publicUrl}${SSO_CALLBACK_PATH}/${row.slug}`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const audited = (provider: SsoProvider) => Object.fromEntries(AUDITED_FIELDS.map((field) => [field, provider[field]]));

async function findOrThrow(ssoRepository: SsoRepository, id: string) {
  const row = await ssoRepository.findById(id);
  if (!row) throw new AppError('not_found', 'There is no such single sign-on provider.');
  return row;
}

async function assertDomainsFree(ssoRepository: SsoRepository, domains: string[], exceptId?: string) {
  const owner = await ssoRepository.findDomainOwner(domains, exceptId);
  if (owner) throw new AppError('conflict', `${owner.domain} already signs in through another provider.`);
}

function signInProvider(row: SsoProviderRow, secretBox: SecretBox): SsoSignInProvider {
  return {
    slug: row.slug,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: secretBox.open(row.clientSecretEncrypted, row.id),
    endpoints: row.endpoints,
    domains: row.domains,
    defaultRole: row.defaultRole,
  };
}

async function createProvider(
  { ssoRepository, secretBox, publicUrl, audit }: SsoServiceDeps,
  actorId: string,
  body: CreateSsoProviderBody,
) {
  if (await ssoRepository.findBySlug(body.slug)) {
    throw new AppError('conflict', 'Another provider already uses this identifier.');
  }
  await assertDomainsFree(ssoRepository, body.domains);
  const { issuer, endpoints } = await discover(body.issuer);
  const id = await ssoRepository.create(
    {
      slug: body.slug,
      name: body.name,
      issuer,
      clientId: body.clientId,
      endpoints,
      defaultRole: body.defaultRole,
      enabled: body.enabled,
      createdBy: actorId,
    },
    body.domains,
    (newId) => secretBox.seal(body.clientSecret, newId),
  );
  const provider = presentProvider(await findOrThrow(ssoRepository, id), publicUrl);
  await audit({
    userId: actorId,
    actorId,
    action: 'sso.provider.create',
    tableName: 'sso_providers',
    recordId: id,
    newValues: audited(provider),
  });
  return provider;
}

async function updateProvider(
  { ssoRepository, secretBox, publicUrl, audit }: SsoServiceDeps,
  actorId: string,
  { id, body }: { id: string; body: UpdateSsoProviderBody },
) {
  const before = await findOrThrow(ssoRepository, id);
  if (body.domains) await assertDomainsFree(ssoRepository, body.domains, id);
  const discovered = body.issuer !== undefined ? await discover(body.issuer) : null;
  await ssoRepository.update(
    id,
    {
      name: body.name,
      clientId: body.clientId,
      defaultRole: body.defaultRole,
      enabled: body.enabled,
      ...(discovered ? { issuer: discovered.issuer, endpoints: discovered.endpoints } : {}),
      ...(body.clientSecret ? { clientSecretEncrypted: secretBox.seal(body.clientSecret, id) } : {}),
    },
    body.domains,
  );
  const after = presentProvider(await findOrThrow(ssoRepository, id), publicUrl);
  const changes = changedValues(audited(presentProvider(before, publicUrl)), audited(after));
  if (changes || body.clientSecret) {
    await audit({
      userId: actorId,
      actorId,
      action: 'sso.provider.update',
      tableName: 'sso_providers',
      recordId: id,
      oldValues: changes?.oldValues ?? {},
      newValues: { ...changes?.newValues, ...(body.clientSecret ? { client_secret_replaced: true } : {}) },
    });
  }
  return after;
}

async function removeProvider({ ssoRepository, publicUrl, audit }: SsoServiceDeps, actorId: string, id: string) {
  const before = presentProvider(await findOrThrow(ssoRepository, id), publicUrl);
  await ssoRepository.remove(id);
  await audit({
    userId: actorId,
    actorId,
    action: 'sso.provider.delete',
    tableName: 'sso_providers',
    recordId: id,
    oldValues: audited(before),
  });
}

export function createSsoService(deps: SsoServiceDeps) {
  const { ssoRepository, secretBox, publicUrl } = deps;
  return {
    async list() {
      return { providers: (await ssoRepository.list()).map((row) => presentProvider(row, publicUrl)) };
    },

    create: (actorId: string, body: CreateSsoProviderBody) => createProvider(deps, actorId, body),

    update: (actorId: string, id: string, body: UpdateSsoProviderBody) => updateProvider(deps, actorId, { id, body }),

    remove: (actorId: string, id: string) => removeProvider(deps, actorId, id),

    /** The enabled provider serving this address's domain. */
    async providerForEmail(email: string) {
      const row = await ssoRepository.findByDomain(emailDomain(email));
      if (!row?.enabled) {
        throw new AppError('sso_not_configured', 'Single sign-on is not set up for this email domain.');
      }
      return signInProvider(row, secretBox);
    },

    /** The enabled provider a callback names; null when it is gone or disabled. */
    async providerForCallback(slug: string) {
      const row = await ssoRepository.findBySlug(slug);
      return row?.enabled ? signInProvider(row, secretBox) : null;
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
