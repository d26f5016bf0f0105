import { isPhoneOnlyEmail, type SessionUser } from '@portal/shared/auth';

export function presentSessionUser(user: {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  phoneNumber?: string | null;
}): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: isPhoneOnlyEmail(user.email) ? null : user.email,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber ?? null,
  };
}
