import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const BLOCK_SIZE = 16;
const PARALLELISM = 1;
const KEY_LENGTH = 64;

export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
};

/**
 * Password hashing as better-auth does it (scrypt, r 16, p 1, a 64-byte key, stored as `salt:key` in hex) at cost N
 * `cost` (config `passwordCost`); the key compares in constant time.
 */
export function passwordHashing(cost: number): PasswordHashing {
  const keyOf = (password: string, salt: string) =>
    new Promise<Buffer>((resolve, reject) => {
      scrypt(
        password.normalize('NFKC'),
        salt,
        KEY_LENGTH,
        { N: cost, r: BLOCK_SIZE, p: PARALLELISM, maxmem: 128 * cost * BLOCK_SIZE * 2 },
        (error, key) => (error ? reject(error) : resolve(key)),
      );
    });
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await keyOf(password, salt)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      const [salt, stored] = hash.split(':');
      if (!salt || !stored) throw new Error('Invalid password hash');
      const expected = Buffer.from(stored, 'hex');
      const actual = await keyOf(password, salt);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
