import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { accountLocked } from './auth.errors.ts';
import { findAccountOwner } from './auth.service.ts';
import type { Auth } from './auth.ts';
import { type KnownDeviceOptions, knownAccounts, rememberDevice } from './known-device.ts';
import {
  accountSubject,
  type LockoutPolicy,
  loginSubject,
  type SignInLockoutRepository,
} from './sign-in-lockout.repository.ts';

/** After 10 failed password sign-ins within 15 minutes, password sign-in to the account pauses for 15 minutes. */
export const SIGN_IN_LOCKOUT: LockoutPolicy = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 };

type Identifier = { email?: string | undefined; phoneNumber?: string | undefined };

export function createSignInLockoutService({
  auth,
  lockoutRepository,
  device,
}: {
  auth: Auth;
  lockoutRepository: SignInLockoutRepository;
  device: KnownDeviceOptions;
}) {
  return {
    /**
     * Runs a password sign-in unless the account is locked for this browser; counts wrong passwords.
     * Unknown addresses are counted too, so a lock says nothing about whether an account exists.
     */
    async signIn<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      identifier: Identifier,
      run: () => Promise<T>,
    ): Promise<T> {
      const owner = await findAccountOwner(auth, identifier);
      const subject = owner ? accountSubject(owner.id) : loginSubject(identifier.email ?? identifier.phoneNumber ?? '');
      const knownDevice = owner !== null && knownAccounts(request, device).includes(owner.id);
      if (!knownDevice) {
        const lockedUntil = await lockoutRepository.lockedUntil(subject);
        if (lockedUntil) {
          reply.header('retry-after', String(Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 1000))));
          throw accountLocked(SIGN_IN_LOCKOUT.lockMinutes);
        }
      }
      let result: T;
      try {
        result = await run();
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_credentials') {
          await lockoutRepository.recordFailure(subject, SIGN_IN_LOCKOUT);
        }
        throw error;
      }
      // The password was right (a second factor may still be asked for).
      await lockoutRepository.clear(subject);
      if (owner) rememberDevice(request, reply, owner.id, device);
      return result;
    },
  };
}
export type SignInLockoutService = ReturnType<typeof createSignInLockoutService>;
