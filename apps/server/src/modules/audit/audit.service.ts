import type { LegalBasis } from '@portal/shared/consent';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditRepository } from './audit.repository.ts';

type Values = Record<string, unknown>;

/** One thing that happened to personal data: who, what, which row, before and after, and on what legal basis. */
export type AuditEventInput = {
  /** The person whose data it is (or who acted); null for system actions. */
  userId: string | null;
  /** The admin who acted on someone else's account; omitted when the person acted themselves. */
  actorId?: string | null;
  /** Dotted verb, e.g. `profile.update`, `consent.withdraw`. */
  action: string;
  tableName?: string | null;
  recordId?: string | null;
  oldValues?: Values | null;
  newValues?: Values | null;
  legalBasis?: LegalBasis | null;
  purpose?: string | null;
  ipAddress?: string | null;
};

type Logger = Pick<FastifyBaseLogger, 'error'>;

export function createAuditService({ auditRepository, logger }: { auditRepository: AuditRepository; logger: Logger }) {
  return {
    /** Appends an event to the trail. Never throws: a failure is logged (on `log`, else the app's logger) and dropped. */
    async recordAuditEvent(event: AuditEventInput, log: Logger = logger): Promise<void> {
      try {
        await auditRepository.insert({
          userId: event.userId,
          actorId: event.actorId ?? null,
          action: event.action,
          tableName: event.tableName ?? null,
          recordId: event.recordId ?? null,
          oldValues: event.oldValues ?? null,
          newValues: event.newValues ?? null,
          legalBasis: event.legalBasis ?? null,
          purpose: event.purpose ?? null,
          ipAddress: event.ipAddress ?? null,
        });
      } catch (error) {
        log.error({ err: error, action: event.action, tableName: event.tableName }, 'audit event not recorded');
      }
    },
    listForUser(userId: string, options: { limit: number }) {
      return auditRepository.listForUser(userId, options);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;

/**
 * The fields among `fields` whose value differs between `before` and `after`, as old and new values;
 * null when nothing changed.
 */
export function changedValues(
  before: Values,
  after: Values,
  fields: Iterable<string> = Object.keys(after),
): { oldValues: Values; newValues: Values } | null {
  const oldValues: Values = {};
  const newValues: Values = {};
  for (const field of fields) {
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    oldValues[field] = before[field] ?? null;
    newValues[field] = after[field] ?? null;
  }
  return Object.keys(newValues).length > 0 ? { oldValues, newValues } : null;
}

/** A change staff made to shared content (a course, a package): who made it, to which row, and to what. */
export type ContentChange<Action extends string = string> = {
  actorId: string;
  action: Action;
  table: string;
  recordId: string;
  oldValues?: Values;
  newValues?: Values;
};

/**
 * Records staff's changes to shared content under `purpose`. Content is no one's personal data: the entry names the
 * staff member as the one who acted and no one as the person whose data it is; its legal basis is legitimate interest.
 */
export function contentChanges<Action extends string>(
  auditService: Pick<AuditService, 'recordAuditEvent'>,
  purpose: string,
): (change: ContentChange<Action>) => Promise<void> {
  return ({ actorId, action, table, recordId, oldValues, newValues }) =>
    auditService.recordAuditEvent({
      userId: null,
      actorId,
      action,
      tableName: table,
      recordId,
      oldValues: oldValues ?? null,
      newValues: newValues ?? null,
      legalBasis: 'legitimate_interest',
      purpose,
    });
}
