import { AsyncLocalStorage } from 'node:async_hooks';
import { sso } from '@better-auth/sso';
import { emailDomain, type SsoDefaultRole } from '@portal/shared/sso';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError } from 'better-auth/api';
import type { Db } from '../../db/client.ts';
import type { SsoEndpoints } from './sso.table.ts';
import { createSsoSignInRepository } from './sso-sign-in.repository.ts';

/** The provider one sign-in request goes through, with its client secret opened for the length of that request. */
export type SsoSignInProvider = {
  slug: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  endpoints: SsoEndpoints;
  domains: string[];
  defaultRole: SsoDefaultRole;
};

const current = new AsyncLocalStorage<SsoSignInProvider>();

/**
 * Runs an auth library request with this provider as the only one it knows. Providers live in our own table with
 * the secret encrypted, so the library never reads or stores a provider itself.
 */
export function withSsoProvider<T>(provider: SsoSignInProvider, run: () => Promise<T>): Promise<T> {
  return current.run(provider, run);
}

const originOf = (url: string) => new URL(url).origin;

function refuse(code: 'email_domain_not_allowed', message: string): never {
  throw new APIError('FORBIDDEN', { code, message });
}

type SsoSignInDeps = ReturnType<typeof createSsoSignInRepository> & {
  /** Roles belong to the auth module, which builds these plugins and hands over how to grant one. */
  grantRole: (userId: string, role: SsoDefaultRole) => Promise<void>;
};

/** The auth library's SSO plugin, fed by `withSsoProvider`, and the rules our sign-ins add to it. */
export function ssoSignInPlugins({ db, grantRole }: { db: Db; grantRole: SsoSignInDeps['grantRole'] }) {
  return ssoPlugins({ ...createSsoSignInRepository({ db }), grantRole });
}

/** The library's options: the provider of the running request as its only one, and the role a new account gets. */
function libraryOptions(grantRole: SsoSignInDeps['grantRole']) {
  return {
    get defaultSSO() {
      const provider = current.getStore();
      if (!provider) return [];
      const { endpoints } = provider;
      return [
        {
          providerId: provider.slug,
          domain: provider.domains.join(','),
          oidcConfig: {
            issuer: provider.issuer,
            clientId: provider.clientId,
            clientSecret: provider.clientSecret,
            pkce: true,
            discoveryEndpoint: `${provider.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
            authorizationEndpoint: endpoints.authorizationEndpoint,
            tokenEndpoint: endpoints.tokenEndpoint,
            jwksEndpoint: endpoints.jwksEndpoint,
            userInfoEndpoint: endpoints.userInfoEndpoint ?? undefined,
            tokenEndpointAuthentication: endpoints.tokenEndpointAuthentication,
            scopes: ['openid', 'email', 'profile'],
          },
        },
      ];
    },
    // The provider vouches for the addresses of the domains an admin gave it (checked below).
    trustEmailVerified: true,
    async provisionUser({ user }: { user: { id: string } }) {
      const provider = current.getStore();
      if (provider) await grantRole(user.id, provider.defaultRole);
    },
  };
}

function assertDomain(provider: SsoSignInProvider, email: string | null) {
  if (!email || !provider.domains.includes(emailDomain(email))) {
    refuse('email_domain_not_allowed', 'This provider does not sign in addresses of that domain.');
  }
}

/** The provider's own endpoints are fetched and redirected to only while one of its sign-ins runs. */
function currentProviderOrigins() {
  const provider = current.getStore();
  if (!provider) return [];
  const { endpoints } = provider;
  const urls = [provider.issuer, endpoints.authorizationEndpoint, endpoints.tokenEndpoint, endpoints.jwksEndpoint];
  if (endpoints.userInfoEndpoint) urls.push(endpoints.userInfoEndpoint);
  return [...new Set(urls.map(originOf))];
}

function ssoRules(emailOf: SsoSignInDeps['emailOf']) {
  return {
    id: 'portal-sso-rules',
    init: () => ({
      options: {
        trustedOrigins: () => currentProviderOrigins(),
        databaseHooks: {
          user: {
            create: {
              async before(user) {
                const provider = current.getStore();
                if (!provider) return;
                assertDomain(provider, user.email);
                return { data: { ...user, name: user.name || user.email.split('@')[0] || user.email } };
              },
            },
          },
          account: {
            create: {
              // Linking an existing account: only addresses of the provider's domains.
              async before(account) {
                const provider = current.getStore();
                if (!provider || account.providerId !== provider.slug) return;
                assertDomain(provider, await emailOf(account.userId));
              },
            },
          },
        },
      },
    }),
  } satisfies BetterAuthPlugin;
}

function ssoPlugins({ grantRole, emailOf }: SsoSignInDeps) {
  const library = sso(libraryOptions(grantRole));
  // Providers come from our own table through `withSsoProvider`; the library's provider table is never used.
  const schema = { ssoProvider: { ...library.schema.ssoProvider, disableMigration: true } };
  return [{ ...library, schema }, ssoRules(emailOf)] as const;
}
