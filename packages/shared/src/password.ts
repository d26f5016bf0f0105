import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.ts';
import type { PasswordContext, PasswordWeakness } from './password-rules.ts';

/** The lowest zxcvbn score (0-4) a new password must reach. */
export const PASSWORD_MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
  });
  return estimator;
}

const normalise = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

function personalInputs({ email, name, phoneNumber }: PasswordContext): string[] {
  const localPart = email?.split('@')[0];
  return [email, localPart, name, ...(name?.split(/\s+/) ?? []), phoneNumber].filter(
    (value): value is string => typeof value === 'string' && normalise(value).length >= 3,
  );
}

/** The email, name or phone number itself, or one of them with only digits or symbols around it. */
function isPersonal(password: string, inputs: string[]): boolean {
  const bare = normalise(password);
  const stripped = bare.replace(/^\d+|\d+$/g, '');
  return inputs.some((input) => {
    const candidate = normalise(input);
    return bare === candidate || stripped === candidate || (input.includes('@') && bare.includes(candidate));
  });
}

/** Reasons a new password is too weak; empty when it is acceptable. Same verdict on the server and in the browser. */
export function passwordWeaknesses(password: string, context: PasswordContext = {}): PasswordWeakness[] {
  const reasons: PasswordWeakness[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) reasons.push('tooShort');
  if (password.length > PASSWORD_MAX_LENGTH) return [...reasons, 'tooLong'];
  if (password === '') return reasons;
  const inputs = personalInputs(context);
  const personal = isPersonal(password, inputs);
  if (personal) reasons.push('personal');
  const { score, sequence } = strengthEstimator().check(password, inputs);
  if (score >= PASSWORD_MIN_SCORE) return reasons;
  const sources = new Set(sequence.map((match) => match.dictionaryName));
  if (sources.has('userInputs')) {
    if (!personal) reasons.push('personal');
  } else if ([...sources].some((source) => source?.startsWith('passwords'))) {
    reasons.push('common');
  } else if (reasons.length === 0) {
    reasons.push('guessable');
  }
  return reasons;
}
