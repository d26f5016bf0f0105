import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A browser that signed in to an account before; it stays exempt from that account's sign-in lock. */
export const KNOWN_DEVICE_COOKIE = 'portal.known_device';
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

export type KnownDeviceOptions = { secret: string; secure: boolean };

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`known-device:${payload}`).digest();
}

function cookieValue(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === KNOWN_DEVICE_COOKIE) return rest.join('=');
  }
  return null;
}

/** The accounts this browser has signed in to, from a cookie only this server can have signed. */
export function knownAccounts(request: FastifyRequest, { secret }: KnownDeviceOptions): string[] {
  const value = cookieValue(request);
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot < 1) return [];
  const payload = decodeURIComponent(value.slice(0, dot));
  const given = Buffer.from(value.slice(dot + 1), 'base64url');
  const expected = signature(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  return payload.split(',').filter(Boolean);
}

/** Remembers that this browser signed in to the account, keeping the most recent few accounts. */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  options: KnownDeviceOptions,
) {
  const accounts = [userId, ...knownAccounts(request, options).filter((id) => id !== userId)].slice(0, MAX_ACCOUNTS);
  const payload = accounts.join(',');
  const value = `${encodeURIComponent(payload)}.${signature(options.secret, payload).toString('base64url')}`;
  const attributes = [`Max-Age=${MAX_AGE_SECONDS}`, 'Path=/api/account', 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) attributes.push('Secure');
  reply.header('set-cookie', `${KNOWN_DEVICE_COOKIE}=${value}; ${attributes.join('; ')}`);
}
