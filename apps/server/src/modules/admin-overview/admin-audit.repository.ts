import { and, desc, eq, gte, inArray, isNotNull, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditEvents, users } from '../../db/schema.ts';

export type AuditFilter = {
  /** A user id, or part of an email address. */
  actor?: string | undefined;
  target?: string | undefined;
  actionPrefix?: string | undefined;
  /** Only events an admin did on someone's account. */
  byAdminsOnly?: boolean;
  from?: Date | undefined;
  before?: Date | undefined;
  /** Events strictly older than this one, in the order newest first. */
  after?: { createdAt: string; id: string } | undefined;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** `column` names the user with id `text` (deleted or not), or a user whose email contains it. */
const namesUser = (column: typeof auditEvents.userId | typeof auditEvents.actorId, text: string) => {
  const part = `%${escapeLike(text.toLowerCase())}%`;
  return or(
    eq(column, text),
    inArray(column, sql`(select ${users.id} from ${users} where lower(${users.email}) like ${part})`),
  );
};

/** Reads the audit trail for admins, newest first, by keyset; it never writes. */
export function createAdminAuditRepository({ db }: { db: Db }) {
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');

  return {
    async list(filter: AuditFilter, limit: number) {
      const conditions: (SQL | undefined)[] = [
        filter.actor ? namesUser(auditEvents.actorId, filter.actor) : undefined,
        filter.target ? namesUser(auditEvents.userId, filter.target) : undefined,
        filter.actionPrefix ? like(auditEvents.action, `${escapeLike(filter.actionPrefix)}%`) : undefined,
        filter.byAdminsOnly ? isNotNull(auditEvents.actorId) : undefined,
        filter.from ? gte(auditEvents.createdAt, filter.from) : undefined,
        filter.before ? lt(auditEvents.createdAt, filter.before) : undefined,
        filter.after
          ? or(
              lt(auditEvents.createdAt, sql`${filter.after.createdAt}::timestamptz`),
              and(
                eq(auditEvents.createdAt, sql`${filter.after.createdAt}::timestamptz`),
                lt(auditEvents.id, filter.after.id),
              ),
            )
          : undefined,
      ];
      return db
        .select({
          event: auditEvents,
          // Microseconds kept, so the next page starts exactly after this event.
          cursorAt: sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          actorName: actor.name,
          actorEmail: actor.email,
          targetName: target.name,
          targetEmail: target.email,
        })
        .from(auditEvents)
        .leftJoin(actor, eq(actor.id, auditEvents.actorId))
        .leftJoin(target, eq(target.id, auditEvents.userId))
        .where(and(...conditions))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(limit);
    },
  };
}
export type AdminAuditRepository = ReturnType<typeof createAdminAuditRepository>;
export type AdminAuditRow = Awaited<ReturnType<AdminAuditRepository['list']>>[number];
