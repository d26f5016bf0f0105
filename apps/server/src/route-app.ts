import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The app a route plugin registers on, typed by its zod schemas; route groups take it as their first argument. */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
