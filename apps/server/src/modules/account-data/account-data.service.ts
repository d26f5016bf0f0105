import type { AccountExport } from '@portal/shared/auth';
import type { LegalBasis } from '@portal/shared/consent';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import { signInAgain } from '../auth/auth.errors.ts';
import type { Auth } from '../auth/auth.ts';
import { ACCOUNT_EXPORTERS, type Exporter } from './account-data.exporters.ts';
import type { AccountDataRepository } from './account-data.repository.ts';
import { type AccountErasure, rowsOnlyErasure } from './account-erasure.ts';

/** What the audit trail is told about an export or a deletion. */
export type AccountAuditEvent = {
  userId: string;
  action: string;
  tableName: string;
  recordId: string;
  oldValues?: Record<string, unknown>;
  newValues?: Record<string, unknown>;
  legalBasis?: LegalBasis;
  purpose?: string;
  ipAddress?: string | null;
};
export type RecordAccountAudit = (event: AccountAuditEvent) => Promise<void>;

export const skipAudit: RecordAccountAudit = async () => {};

type Logger = Pick<FastifyBaseLogger, 'error'>;

/** The account's owner as the removal needs them: their rows, mail and texted codes go too. */
export type AccountOwner = { id: string; email: string; phoneNumber: string | null };

/**
 * Deletes an account with everything tied to it, whoever asks (the user in settings or an admin), without checks;
 * answers false when there was no such account.
 */
export function createAccountRemoval({
  repository,
  erasure = rowsOnlyErasure,
}: {
  repository: Pick<AccountDataRepository, 'deleteUser'>;
  erasure?: AccountErasure;
}) {
  return async (user: AccountOwner) => {
    const recipients = [user.email, user.phoneNumber].filter((recipient): recipient is string => Boolean(recipient));
    // Codes texted to a phone are filed under these names by the auth library's phone plugin.
    const codeIdentifiers = user.phoneNumber
      ? [`phone-number-otp-${user.phoneNumber}`, `phone-number-reset-${user.phoneNumber}`]
      : [];
    return erasure.erase(user.id, () => repository.deleteUser({ userId: user.id, recipients, codeIdentifiers }));
  };
}
export type RemoveAccount = ReturnType<typeof createAccountRemoval>;

type AccountDataDeps = {
  repository: AccountDataRepository;
  auth: Auth;
  audit?: RecordAccountAudit;
  exporters?: Exporter[];
  /** Removes what modules keep outside the database (files) along with the rows. */
  erasure?: AccountErasure;
};

type ExportRequest = { userId: string; ipAddress: string | null; log: Logger };

type DeletionRequest = {
  userId: string;
  password: string | undefined;
  sessionCreatedAt: Date;
  ipAddress: string | null;
  log: Logger;
};

// An audit failure is logged and never undoes what the user asked for.
async function recordAudit(audit: RecordAccountAudit, event: AccountAuditEvent, log: Logger) {
  try {
    await audit(event);
  } catch (error) {
    log.error({ err: error, action: event.action }, 'audit event not recorded');
  }
}

async function findSubject(repository: AccountDataRepository, userId: string) {
  const user = await repository.findUser(userId);
  if (!user) throw new AppError('not_found', 'This account no longer exists.');
  return user;
}

/** The password when the account has one; otherwise a recent sign-in (the auth library's "fresh" session). */
async function assertMayDelete(
  auth: Auth,
  { userId, password, sessionCreatedAt }: Pick<DeletionRequest, 'userId' | 'password' | 'sessionCreatedAt'>,
) {
  const context = await auth.$context;
  const credential = await context.internalAdapter.findCredentialAccount(userId);
  if (credential?.password) {
    const matches =
      Boolean(password) && (await context.password.verify({ hash: credential.password, password: password ?? '' }));
    if (!matches) throw new AppError('invalid_credentials', 'Invalid login credentials');
    return;
  }
  if (Date.now() - sessionCreatedAt.getTime() >= context.sessionConfig.freshAge * 1000) throw signInAgain();
}

async function exportAccountData(
  {
    repository,
    audit,
    exporters,
  }: { repository: AccountDataRepository; audit: RecordAccountAudit; exporters: Exporter[] },
  { userId, ipAddress, log }: ExportRequest,
): Promise<AccountExport> {
  const user = await findSubject(repository, userId);
  const exportedAt = new Date();
  const sections: Record<string, unknown> = {};
  for (const exporter of exporters) {
    const value = await exporter.read({ repository, user });
    if (value !== undefined) sections[exporter.section] = value;
  }
  await recordAudit(
    audit,
    {
      userId,
      action: 'account.export',
      tableName: 'users',
      recordId: userId,
      newValues: { sections: Object.keys(sections) },
      legalBasis: 'legal_obligation',
      purpose: 'Data portability: the user downloaded a copy of their data',
      ipAddress,
    },
    log,
  );
  const { user: userSection = {}, ...others } = sections;
  return { exported_at: exportedAt.toISOString(), user: userSection as Record<string, unknown>, ...others };
}

async function deleteAccountData(
  {
    repository,
    auth,
    audit,
    removeAccount,
  }: Pick<AccountDataDeps, 'repository' | 'auth'> & {
    audit: RecordAccountAudit;
    removeAccount: RemoveAccount;
  },
  { userId, password, sessionCreatedAt, ipAddress, log }: DeletionRequest,
) {
  const user = await findSubject(repository, userId);
  await assertMayDelete(auth, { userId, password, sessionCreatedAt });
  if (!(await removeAccount(user))) {
    throw new AppError('not_found', 'This account no longer exists.');
  }
  await recordAudit(
    audit,
    {
      userId,
      action: 'account.delete',
      tableName: 'users',
      recordId: userId,
      legalBasis: 'legal_obligation',
      purpose: 'Right to erasure: the user deleted their account',
      ipAddress,
    },
    log,
  );
}

export function createAccountDataService({
  repository,
  auth,
  audit = skipAudit,
  exporters = ACCOUNT_EXPORTERS,
  erasure = rowsOnlyErasure,
}: AccountDataDeps) {
  const removeAccount = createAccountRemoval({ repository, erasure });
  return {
    /** Everything held on the user, without secrets; recorded in the audit trail. */
    exportAccount: (request: ExportRequest): Promise<AccountExport> =>
      exportAccountData({ repository, audit, exporters }, request),

    /** Deletes the account and everything tied to it, after checking the password; recorded in the audit trail. */
    deleteAccount: (request: DeletionRequest): Promise<void> =>
      deleteAccountData({ repository, auth, audit, removeAccount }, request),
  };
}
export type AccountDataService = ReturnType<typeof createAccountDataService>;
