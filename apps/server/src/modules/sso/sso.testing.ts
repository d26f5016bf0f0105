import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

type Client = { clientId: string; clientSecret: string; redirectUris: string[] };

/** A browser session at the provider: its cookies, following redirects until one leaves for `returnTo`. */
async function signIn(authorizationUrl: string, login: string, returnTo: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let form: { prompt: string; login?: string; password?: string } | null = null;
  for (let step = 0; step < 12; step += 1) {
    if (url.startsWith(returnTo)) return url;
    const response: Response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    form = null;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const page: string = await response.text();
    const action = page.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`identity provider answered ${response.status} without a form: ${page.slice(0, 300)}`);
    url = new URL(action, url).toString();
    form = page.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
  }
  throw new Error('the identity provider did not return to the app');
}

/**
 * A real OpenID Connect provider on a local port, with its development login and consent pages: any login name
 * signs in as the account of that email address.
 */
export async function startIdentityProvider(client: Client) {
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['identity-provider-test-key'] },
    features: { devInteractions: { enabled: true } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_ctx, email) => ({
      accountId: email,
      claims: () => ({ sub: `subject-${email}`, email, email_verified: true, name: `Person ${email.split('@')[0]}` }),
    }),
  });
  handle = provider.callback();

  return {
    issuer,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
