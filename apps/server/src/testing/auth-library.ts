import type { App } from '../app.ts';
import { AUTH_BASE_PATH } from '../modules/auth/auth.ts';

type Endpoint = { path?: string; options?: { method?: unknown; body?: unknown } };

/** Every HTTP endpoint the auth library defines, as the /api/auth URL it would have, with its method and body schema. */
export function authLibraryEndpoints(app: App): { method: string; url: string; body: unknown }[] {
  return (Object.values(app.authInstance.api) as Endpoint[]).flatMap(({ path, options }) =>
    [options?.method]
      .flat()
      .filter((method): method is string => typeof method === 'string' && method !== '*' && Boolean(path))
      .map((method) => ({ method, url: `${AUTH_BASE_PATH}${path}`, body: options?.body })),
  );
}
