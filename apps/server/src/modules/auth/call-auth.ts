import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toAuthAppError } from './auth.errors.ts';
import { CLIENT_ADDRESS_HEADER } from './auth.ts';
import { inRequestLanguage } from './request-language.ts';

/** Runs an auth call in the caller's language, forwarding the cookies and bearer token it sets; maps its errors. */
export async function callAuth<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<{ headers: Headers; response: T }>,
): Promise<T> {
  try {
    const { headers, response } = await inRequestLanguage(request.headers, run);
    const cookies = headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const token = headers.get('set-auth-token');
    if (token) reply.header('set-auth-token', token);
    return response;
  } catch (error) {
    throw toAuthAppError(error);
  }
}

/** The request's headers for better-auth, with the client address the server resolved (never the client's say). */
export function headersOf(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  return headers;
}

/** The raw session token inside a `set-auth-token` value (`token.signature`, URL-encoded). */
export function sessionTokenFrom(reply: FastifyReply): string | null {
  const signed = reply.getHeader('set-auth-token');
  if (typeof signed !== 'string' || signed === '') return null;
  return decodeURIComponent(signed).split('.')[0] ?? null;
}
