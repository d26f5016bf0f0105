import { isPhoneOnlyEmail } from '@portal/shared/auth';
import { type InterfaceLanguage, toInterfaceLanguage } from '@portal/shared/language';
import { PRIMARY_LANGUAGES, PROFILE_LANGUAGE_CODES } from '@portal/shared/profile';
import type { Mailer } from '../mail/mail.service.ts';
import { mailTemplates } from '../mail/mail.templates.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import { type AccountOwner, findAccountOwner } from './auth.service.ts';
import type { Auth } from './auth.ts';

type PrimaryLanguage = (typeof PRIMARY_LANGUAGES)[number];
const isPrimaryLanguage = (value: string): value is PrimaryLanguage =>
  (PRIMARY_LANGUAGES as readonly string[]).includes(value);

/** Sign-ups with an address or number already in use: answered like new ones, with a notice to the owner. */
export function createSignUpService({
  auth,
  mailer,
  profiles,
  publicUrl,
}: {
  auth: Auth;
  mailer: Mailer;
  profiles: Pick<ProfileService, 'primaryLanguageOf'>;
  publicUrl: string;
}) {
  const links = { signIn: `${publicUrl}/login`, reset: `${publicUrl}/reset-password` };

  async function ownerLanguage(userId: string, fallback: InterfaceLanguage): Promise<InterfaceLanguage> {
    const chosen = await profiles.primaryLanguageOf(userId);
    return (chosen && isPrimaryLanguage(chosen) && toInterfaceLanguage(PROFILE_LANGUAGE_CODES[chosen])) || fallback;
  }

  async function notifyOwner(owner: AccountOwner, fallback: InterfaceLanguage) {
    const language = await ownerLanguage(owner.id, fallback);
    if (!isPhoneOnlyEmail(owner.email)) {
      await mailer.send({ channel: 'email', to: owner.email, ...mailTemplates.accountExists[language](links) });
    } else if (owner.phoneNumber) {
      await mailer.send({ channel: 'sms', to: owner.phoneNumber, ...mailTemplates.accountExistsSms[language](links) });
    }
  }

  return {
    async findOwners({ email, phoneNumber }: { email?: string | undefined; phoneNumber?: string | undefined }) {
      return {
        byEmail: email ? await findAccountOwner(auth, { email }) : null,
        byPhone: phoneNumber ? await findAccountOwner(auth, { phoneNumber }) : null,
      };
    },

    /** Tells each distinct owner that someone tried to register with their address or number; changes nothing. */
    async notifyOwners(owners: (AccountOwner | null)[], fallback: InterfaceLanguage) {
      const distinct = new Map(owners.filter((owner) => owner !== null).map((owner) => [owner.id, owner]));
      for (const owner of distinct.values()) await notifyOwner(owner, fallback);
    },

    /** Spends the time a new account's password hash takes, so a taken address is not answered faster. */
    async hashLikeANewAccount(password: string) {
      await (await auth.$context).password.hash(password);
    },
  };
}
export type SignUpService = ReturnType<typeof createSignUpService>;
