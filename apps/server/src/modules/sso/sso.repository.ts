import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SsoEndpoints, ssoProviderDomains, ssoProviders } from './sso.table.ts';

export type SsoProviderRow = typeof ssoProviders.$inferSelect & { domains: string[] };
type ProviderValues = Omit<typeof ssoProviders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

async function domainsOf(db: Db, providerIds: string[]) {
  const rows = await db.select().from(ssoProviderDomains).orderBy(asc(ssoProviderDomains.domain));
  const byProvider = new Map<string, string[]>(providerIds.map((id) => [id, []]));
  for (const row of rows) byProvider.get(row.providerId)?.push(row.domain);
  return byProvider;
}

async function withDomains(db: Db, row: typeof ssoProviders.$inferSelect | undefined): Promise<SsoProviderRow | null> {
  if (!row) return null;
  const domains = await db
    .select({ domain: ssoProviderDomains.domain })
    .from(ssoProviderDomains)
    .where(eq(ssoProviderDomains.providerId, row.id))
    .orderBy(asc(ssoProviderDomains.domain));
  return { ...row, domains: domains.map((entry) => entry.domain) };
}

function createSsoProviderReads(db: Db) {
  return {
    async list(): Promise<SsoProviderRow[]> {
      const rows = await db.select().from(ssoProviders).orderBy(asc(ssoProviders.name), asc(ssoProviders.id));
      const domains = await domainsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...row, domains: domains.get(row.id) ?? [] }));
    },

    async findById(id: string) {
      return withDomains(db, (await db.select().from(ssoProviders).where(eq(ssoProviders.id, id)))[0]);
    },

    async findBySlug(slug: string) {
      return withDomains(db, (await db.select().from(ssoProviders).where(eq(ssoProviders.slug, slug)))[0]);
    },

    async findByDomain(domain: string) {
      const [match] = await db
        .select({ provider: ssoProviders })
        .from(ssoProviderDomains)
        .innerJoin(ssoProviders, eq(ssoProviders.id, ssoProviderDomains.providerId))
        .where(eq(ssoProviderDomains.domain, domain));
      return withDomains(db, match?.provider);
    },

    /** The provider (other than `exceptId`) that already serves one of these domains, if any. */
    async findDomainOwner(domains: string[], exceptId?: string) {
      const rows = await db.select().from(ssoProviderDomains).where(inArray(ssoProviderDomains.domain, domains));
      return rows.find((row) => row.providerId !== exceptId) ?? null;
    },
  };
}

function createSsoProviderWrites(db: Db) {
  return {
    /** Inserts the provider; `sealSecret` encrypts the secret with the new row's id. */
    async create(
      values: Omit<ProviderValues, 'clientSecretEncrypted'>,
      domains: string[],
      sealSecret: (id: string) => string,
    ) {
      return db.transaction(async (tx) => {
        const id = randomUUID();
        const [row] = await tx
          .insert(ssoProviders)
          .values({ ...values, id, clientSecretEncrypted: sealSecret(id) })
          .returning();
        await tx.insert(ssoProviderDomains).values(domains.map((domain) => ({ domain, providerId: id })));
        return row?.id ?? id;
      });
    },

    async update(
      id: string,
      values: Partial<Omit<ProviderValues, 'slug' | 'createdBy'>> & { endpoints?: SsoEndpoints },
      domains: string[] | undefined,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(ssoProviders)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(ssoProviders.id, id));
        if (domains) {
          await tx.delete(ssoProviderDomains).where(eq(ssoProviderDomains.providerId, id));
          await tx.insert(ssoProviderDomains).values(domains.map((domain) => ({ domain, providerId: id })));
        }
      });
    },

    async remove(id: string) {
      await db.delete(ssoProviders).where(eq(ssoProviders.id, id));
    },
  };
}

export function createSsoRepository({ db }: { db: Db }) {
  return { ...createSsoProviderReads(db), ...createSsoProviderWrites(db) };
}
export type SsoRepository = ReturnType<typeof createSsoRepository>;
