import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from './auth.ts';
import { passwordWeaknesses } from './password.ts';
import { describePasswordWeaknesses, passwordWeaknessOf } from './password-rules.ts';

describe('password strength', () => {
  it.each([
    ['short', ['tooShort']],
    ['password1234', ['common']],
    ['qwerty123456', ['common']],
    ['aaaaaaaaaaaa', ['guessable']],
    ['abcdefghijkl', ['guessable']],
    ['x'.repeat(PASSWORD_MAX_LENGTH + 1), ['tooLong']],
  ])('%j is refused: %j', (password, reasons) => {
    expect(passwordWeaknesses(password)).toEqual(reasons);
  });

  it.each(['correct-horse-battery', 'demo-password-123', 'purple-otter-lantern-42', 'Tr0ub4dor&3x!'])(
    '%j is strong enough',
    (password) => {
      expect(passwordWeaknesses(password)).toEqual([]);
    },
  );

  it('refuses the email address, its local part or the name with a few digits added', () => {
    const context = { email: 'ella.example@example.com', name: 'Ella Wunderbar' };
    expect(passwordWeaknesses('ella.example@example.com', context)).toContain('personal');
    expect(passwordWeaknesses('Ella.Example2024', context)).toContain('personal');
    expect(passwordWeaknesses('ellawunderbar!!', context)).toContain('personal');
    expect(passwordWeaknesses('ella.example@example.com')).not.toContain('personal');
  });

  it('refuses a password derived from the phone number', () => {
    expect(passwordWeaknesses('+4915112345678', { phoneNumber: '+4915112345678' })).toContain('personal');
  });

  it('names each reason in plain words, which a client can map back to the reason', () => {
    const messages = describePasswordWeaknesses(['tooShort', 'common']);
    expect(messages).toEqual([
      'Use at least 10 characters.',
      'This is one of the most common passwords. Choose another one.',
    ]);
    expect(messages.map(passwordWeaknessOf)).toEqual(['tooShort', 'common']);
    expect(passwordWeaknessOf('Something else.')).toBeNull();
  });
});
