import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonBodyRefusal } from '../json-limits.ts';

/**
 * JSON bodies on every route are refused with 400 when nested deeper than MAX_JSON_DEPTH or when a string holds a NUL
 * character (PostgreSQL cannot store it); the size limit stays the server's or the route's `bodyLimit` (413).
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      const refusal = jsonBodyRefusal(text);
      if (refusal) done(refusal);
      else void parseJson(request, text, done);
    });
  },
  { name: 'json-body' },
);
