import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/** One method and path the app answers, with the options it was declared with. */
export type RouteEntry = {
  method: string;
  url: string;
  config: RouteOptions['config'];
  schema: FastifySchema | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, in registration order (HEAD twins left out). */
    routeTable: RouteEntry[];
  }
}

/** Records the route table so guards can check each route's declarations and tests can walk every route. */
export const routeTablePlugin = fp(async (app: FastifyInstance) => {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, config: route.config, schema: route.schema });
    }
  });
});
