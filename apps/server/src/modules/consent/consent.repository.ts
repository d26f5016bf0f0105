import type { ConsentType, LegalBasis } from '@portal/shared/consent';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userConsent } from './consent.table.ts';

export type ConsentRow = typeof userConsent.$inferSelect;

export type ConsentDecision = {
  consentType: ConsentType;
  isGranted: boolean;
  legalBasis: LegalBasis;
  purpose: string;
  ipAddress: string | null;
  userAgent: string | null;
};

/** Namespace of the advisory locks that serialise one user's consent changes. */
const CONSENT_LOCK_NAMESPACE = 0x636f6e;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const lockUser = (tx: Pick<Db, 'execute'>, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(${CONSENT_LOCK_NAMESPACE}, hashtext(${userId}))`);

async function replaceDecisionsIn(tx: Tx, userId: string, decisions: ConsentDecision[]) {
  await lockUser(tx, userId);
  const types = decisions.map((decision) => decision.consentType);
  const replaced = await tx
    .update(userConsent)
    .set({ withdrawnAt: sql`now()` })
    .where(
      and(eq(userConsent.userId, userId), isNull(userConsent.withdrawnAt), inArray(userConsent.consentType, types)),
    )
    .returning();
  const inserted = await tx
    .insert(userConsent)
    .values(
      decisions.map((decision) => ({
        userId,
        ...decision,
        grantedAt: decision.isGranted ? sql`now()` : null,
      })),
    )
    .returning();
  return { replaced, inserted };
}

async function withdrawIn(tx: Tx, userId: string, consentType: ConsentType) {
  await lockUser(tx, userId);
  const [before] = await tx
    .select()
    .from(userConsent)
    .where(
      and(eq(userConsent.userId, userId), eq(userConsent.consentType, consentType), isNull(userConsent.withdrawnAt)),
    );
  if (!before) return undefined;
  const [after] = await tx
    .update(userConsent)
    .set({ isGranted: false, withdrawnAt: sql`now()` })
    .where(eq(userConsent.id, before.id))
    .returning();
  return after ? { before, after } : undefined;
}

export function createConsentRepository({ db }: { db: Db }) {
  return {
    /** The decisions in force: the latest row per type that has not been withdrawn or replaced. */
    async findCurrent(userId: string): Promise<ConsentRow[]> {
      return db
        .select()
        .from(userConsent)
        .where(and(eq(userConsent.userId, userId), isNull(userConsent.withdrawnAt)))
        .orderBy(asc(userConsent.consentType));
    },
    /** When the user's consent last changed: the newest choice or withdrawal. */
    async findLastChangeAt(userId: string): Promise<Date | null> {
      const [row] = await db
        .select({
          at: sql<Date | string | null>`max(greatest(${userConsent.createdAt}, ${userConsent.withdrawnAt}))`,
        })
        .from(userConsent)
        .where(eq(userConsent.userId, userId));
      return row?.at ? new Date(row.at) : null;
    },
    async listHistory(userId: string): Promise<ConsentRow[]> {
      return db
        .select()
        .from(userConsent)
        .where(eq(userConsent.userId, userId))
        .orderBy(desc(userConsent.createdAt), asc(userConsent.consentType));
    },
    /** Stamps `withdrawn_at` on the decisions being replaced and inserts the new ones, in one transaction. */
    async replaceDecisions(userId: string, decisions: ConsentDecision[]) {
      return db.transaction(async (tx) => replaceDecisionsIn(tx, userId, decisions));
    },
    /** Turns the decision in force for this type into a withdrawn refusal; undefined when there is none. */
    async withdraw(userId: string, consentType: ConsentType) {
      return db.transaction(async (tx) => withdrawIn(tx, userId, consentType));
    },
  };
}
export type ConsentRepository = ReturnType<typeof createConsentRepository>;
