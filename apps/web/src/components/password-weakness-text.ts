import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/shared/auth-rules';
import { type PasswordWeakness, passwordWeaknessOf } from '@portal/shared/password-rules';
import { useTranslation } from 'react-i18next';

/** A password rule's text in the interface language. */
export function usePasswordWeaknessText() {
  const { t } = useTranslation();
  return (reason: PasswordWeakness) =>
    t(`password.rules.${reason}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
}

/**
 * The server's reasons for refusing a weak password, in the interface language (apart from the password field, so
 * the sign-in page shows them without that field's code).
 */
export function useWeakPasswordReasons() {
  const describe = usePasswordWeaknessText();
  return (reasons: readonly string[]) =>
    reasons.map((reason) => {
      const known = passwordWeaknessOf(reason);
      return known ? describe(known) : reason;
    });
}
