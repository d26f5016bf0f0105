import type { ErrorCode } from '@portal/shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

type ErrorBody = { error: { code: string; message: string; reasons?: string[] } };

const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Send the request body as JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'The request body length is wrong.' },
};

/** SQLSTATEs for text the database cannot store, such as a NUL character sent by the client. */
const UNSTORABLE_TEXT_SQLSTATES = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT_SQLSTATES.has(code)) return true;
    current = current.cause;
  }
  return false;
}

/** One place that turns any failure into `{ error: { code, message } }`; 5xx never show internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: ErrorBody;
    if (error instanceof AppError) {
      status = error.status;
      body = {
        error: { code: error.code, message: error.message, ...(error.reasons ? { reasons: error.reasons } : {}) },
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const first = error.validation[0];
      const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
      const message = first?.message ?? 'The request is not valid.';
      body = {
        error: {
          code: 'validation_failed',
          message: where && first?.keyword !== 'custom' ? `${where}: ${message}` : message,
        },
      };
    } else if (error.code && FASTIFY_CODES[error.code]) {
      const known = FASTIFY_CODES[error.code] as { code: ErrorCode; message: string };
      status = error.statusCode ?? 400;
      body = { error: known };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { error: { code: 'rate_limited', message: 'Too many attempts. Wait a minute and try again.' } };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: { code: status === 404 ? 'not_found' : 'bad_request', message: error.message } };
    } else if (isUnstorableText(error)) {
      status = 400;
      body = { error: { code: 'unstorable_text', message: 'The request contains characters that cannot be stored.' } };
    } else {
      status = 500;
      request.log.error({ err: error }, 'unhandled error');
      body = { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } };
    }
    reply.status(status).send(body);
  });
});
