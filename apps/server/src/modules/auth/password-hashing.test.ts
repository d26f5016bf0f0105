import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { STANDARD_PASSWORD_COST } from '../../config.ts';
import { passwordHashing } from './password-hashing.ts';

describe('password hashing', () => {
  const standard = passwordHashing(STANDARD_PASSWORD_COST);

  it('verifies the passwords better-auth stored, and better-auth verifies the ones it stores', async () => {
    const stored = await hashPassword('correct-horse-battery');
    await expect(standard.verify({ hash: stored, password: 'correct-horse-battery' })).resolves.toBe(true);
    await expect(standard.verify({ hash: stored, password: 'correct-horse-battery!' })).resolves.toBe(false);

    const ours = await standard.hash('Grüße aus Köln');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    await expect(verifyPassword({ hash: ours, password: 'Grüße aus Köln' })).resolves.toBe(true);
  });

  it('salts every hash and refuses a malformed one', async () => {
    const cheap = passwordHashing(1024);
    const [first, second] = [await cheap.hash('same password'), await cheap.hash('same password')];
    expect(first).not.toBe(second);
    await expect(cheap.verify({ hash: second, password: 'same password' })).resolves.toBe(true);
    await expect(cheap.verify({ hash: 'no-separator', password: 'same password' })).rejects.toThrow(
      'Invalid password hash',
    );
  });

  it('hashes at a lower cost only where configured: the two costs do not verify each other', async () => {
    const cheapHash = await passwordHashing(1024).hash('same password');
    await expect(standard.verify({ hash: cheapHash, password: 'same password' })).resolves.toBe(false);
  });
});
