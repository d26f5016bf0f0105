import { createHmac } from 'node:crypto';
import type { App } from '../../app.ts';
import { cookieHeaderFrom, TEST_PASSWORD } from '../../testing/factories.ts';

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The RFC 6238 code an authenticator app shows for this base32 secret (SHA-1, 30 s, 6 digits). */
export function totpCode(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0xf;
  return String((digest.readUInt32BE(offset) % 0x80000000) % 1_000_000).padStart(6, '0');
}

/** A code that is certainly wrong right now (not the current, previous or next one). */
export function wrongTotpCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totpCode(secret, Date.now() + shift)));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

/** Turns two-factor on for a signed-in browser; returns the secret, the backup codes and the renewed cookie. */
export async function enrolInTwoFactor(
  app: App,
  { cookie, password = TEST_PASSWORD }: { cookie: string; password?: string },
) {
  const enabled = await app.inject({
    method: 'POST',
    url: '/api/account/two-factor/enable',
    headers: { cookie },
    payload: { password },
  });
  if (enabled.statusCode !== 200) throw new Error(`enable answered ${enabled.statusCode}: ${enabled.body}`);
  const { secret, backupCodes } = enabled.json<{ secret: string; backupCodes: string[] }>();
  const verified = await app.inject({
    method: 'POST',
    url: '/api/account/two-factor/verify',
    headers: { cookie },
    payload: { code: totpCode(secret) },
  });
  if (verified.statusCode !== 200) throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
  return { secret, backupCodes, cookie: cookieHeaderFrom(verified) };
}
