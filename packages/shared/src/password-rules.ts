import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-rules.ts';

export const PASSWORD_WEAKNESSES = ['tooShort', 'tooLong', 'personal', 'common', 'guessable'] as const;
export type PasswordWeakness = (typeof PASSWORD_WEAKNESSES)[number];

/** What the password must not be built from. */
export type PasswordContext = { email?: string | null; name?: string | null; phoneNumber?: string | null };

/** The server's wording of each reason; the web app shows its own translations. */
export const PASSWORD_WEAKNESS_MESSAGES: Record<PasswordWeakness, string> = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  personal: 'Do not base it on your email address, name or phone number.',
  common: 'This is one of the most common passwords. Choose another one.',
  guessable: 'It is too easy to guess. Add more words or characters.',
};

export function describePasswordWeaknesses(reasons: readonly PasswordWeakness[]): string[] {
  return reasons.map((reason) => PASSWORD_WEAKNESS_MESSAGES[reason]);
}

/** The reason a server message names, so a client can show it in its own language. */
export function passwordWeaknessOf(message: string): PasswordWeakness | null {
  return PASSWORD_WEAKNESSES.find((reason) => PASSWORD_WEAKNESS_MESSAGES[reason] === message) ?? null;
}
