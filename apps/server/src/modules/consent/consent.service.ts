import {
  CONSENT_LEGAL_BASIS,
  CONSENT_PURPOSES,
  CONSENT_TYPES,
  type ConsentType,
  type SaveConsentBody,
} from '@portal/shared/consent';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ConsentRepository, ConsentRow } from './consent.repository.ts';

/** Where a decision came from, as the server saw the request. */
export type ConsentContext = {
  ipAddress: string | null;
  userAgent: string | null;
  log?: Pick<FastifyBaseLogger, 'error'>;
};

const USER_AGENT_MAX = 512;

/** Keeping consent records is how we demonstrate consent (GDPR Art. 7(1)), so their audit trail is a legal duty. */
const AUDIT_LEGAL_BASIS = 'legal_obligation';
const AUDIT_PURPOSE = 'Demonstrate the cookie consent a user gave, refused or withdrew.';

const decisionValues = (row: ConsentRow) => ({
  consent_type: row.consentType,
  is_granted: row.isGranted,
  granted_at: row.grantedAt?.toISOString() ?? null,
  withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
  legal_basis: row.legalBasis,
});

type DecisionChange = { userId: string; replaced: ConsentRow[]; inserted: ConsentRow[]; context: ConsentContext };

/** One audit event per new decision, naming the decision it replaced. */
async function auditDecisions(auditService: AuditService, { userId, replaced, inserted, context }: DecisionChange) {
  await Promise.all(
    inserted.map((row) => {
      const previous = replaced.find((old) => old.consentType === row.consentType);
      return auditService.recordAuditEvent(
        {
          userId,
          action: 'consent.update',
          tableName: 'user_consent',
          recordId: row.id,
          oldValues: previous ? { ...decisionValues(previous), record_id: previous.id } : null,
          newValues: decisionValues(row),
          legalBasis: AUDIT_LEGAL_BASIS,
          purpose: AUDIT_PURPOSE,
          ipAddress: context.ipAddress,
        },
        context.log,
      );
    }),
  );
}

type ConsentDeps = { consentRepository: ConsentRepository; auditService: AuditService };

async function readCurrentConsent(consentRepository: ConsentRepository, userId: string) {
  const [rows, updatedAt] = await Promise.all([
    consentRepository.findCurrent(userId),
    consentRepository.findLastChangeAt(userId),
  ]);
  return { rows, updatedAt };
}

/** Records one decision per type (essential always granted), replacing the decisions in force. */
async function saveDecisions(
  { consentRepository, auditService }: ConsentDeps,
  userId: string,
  choices: SaveConsentBody,
  context: ConsentContext,
) {
  const granted: Record<ConsentType, boolean> = { ...choices, essential: true };
  const userAgent = context.userAgent?.slice(0, USER_AGENT_MAX) ?? null;
  const { replaced, inserted } = await consentRepository.replaceDecisions(
    userId,
    CONSENT_TYPES.map((consentType) => ({
      consentType,
      isGranted: granted[consentType],
      legalBasis: CONSENT_LEGAL_BASIS[consentType],
      purpose: CONSENT_PURPOSES[consentType],
      ipAddress: context.ipAddress,
      userAgent,
    })),
  );
  await auditDecisions(auditService, { userId, replaced, inserted, context });
  return readCurrentConsent(consentRepository, userId);
}

/** Withdraws the decision in force for an optional type; nothing happens when there is none. */
async function withdrawDecision(
  { consentRepository, auditService }: ConsentDeps,
  userId: string,
  consentType: ConsentType,
  context: ConsentContext,
) {
  if (consentType === 'essential') throw new AppError('bad_request', 'Essential cookies cannot be withdrawn.');
  const change = await consentRepository.withdraw(userId, consentType);
  if (change) {
    await auditService.recordAuditEvent(
      {
        userId,
        action: 'consent.withdraw',
        tableName: 'user_consent',
        recordId: change.after.id,
        oldValues: decisionValues(change.before),
        newValues: decisionValues(change.after),
        legalBasis: AUDIT_LEGAL_BASIS,
        purpose: AUDIT_PURPOSE,
        ipAddress: context.ipAddress,
      },
      context.log,
    );
  }
  return readCurrentConsent(consentRepository, userId);
}

export function createConsentService(deps: ConsentDeps) {
  const { consentRepository } = deps;
  return {
    getCurrent: (userId: string) => readCurrentConsent(consentRepository, userId),
    getHistory(userId: string) {
      return consentRepository.listHistory(userId);
    },
    /** Records one decision per type (essential always granted), replacing the decisions in force. */
    save: (userId: string, choices: SaveConsentBody, context: ConsentContext) =>
      saveDecisions(deps, userId, choices, context),
    /** Withdraws the decision in force for an optional type; nothing happens when there is none. */
    withdraw: (userId: string, consentType: ConsentType, context: ConsentContext) =>
      withdrawDecision(deps, userId, consentType, context),
  };
}
export type ConsentService = ReturnType<typeof createConsentService>;
