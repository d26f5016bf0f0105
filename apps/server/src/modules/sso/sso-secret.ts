import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** AES-256-GCM for client secrets, keyed from the server's auth secret; each value is bound to its provider. */
export function createSecretBox(authSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'portal-sso', 'sso client secret v1', 32));

  return {
    seal(plain: string, providerId: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(providerId));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join('.');
    },

    open(stored: string, providerId: string): string {
      const [version, iv, tag, sealed] = stored.split('.');
      if (version !== VERSION || !iv || !tag || !sealed) {
        throw new Error('unreadable client secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(providerId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
