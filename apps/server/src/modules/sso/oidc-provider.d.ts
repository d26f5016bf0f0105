/** The part of oidc-provider (which ships no types) the test identity provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Account = { accountId: string; claims: () => Record<string, unknown> };
  type Configuration = {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    cookies?: { keys: string[] };
    features?: Record<string, { enabled: boolean }>;
    ttl?: Record<string, number>;
    findAccount: (context: unknown, id: string) => Account | Promise<Account>;
  };

  // biome-ignore lint/style/noDefaultExport: describes the package's own default export
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
