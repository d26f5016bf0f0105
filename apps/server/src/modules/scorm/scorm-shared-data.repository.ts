import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scormSharedData } from './scorm-shared-data.table.ts';

/** A learner's shared data stores (`adl.data`) of one package. */
export function createScormSharedDataRepository({ db }: { db: Db }) {
  return {
    async listStores(learnerId: string, packageId: string, targetIds: string[]): Promise<Map<string, string>> {
      if (targetIds.length === 0) return new Map();
      const rows = await db
        .select({ targetId: scormSharedData.targetId, store: scormSharedData.store })
        .from(scormSharedData)
        .where(
          and(
            eq(scormSharedData.learnerId, learnerId),
            eq(scormSharedData.packageId, packageId),
            inArray(scormSharedData.targetId, targetIds),
          ),
        );
      return new Map(rows.map((row) => [row.targetId, row.store]));
    },

    async saveStores(learnerId: string, packageId: string, stores: Array<{ targetId: string; store: string }>) {
      if (stores.length === 0) return;
      await db
        .insert(scormSharedData)
        .values(stores.map((entry) => ({ learnerId, packageId, ...entry })))
        .onConflictDoUpdate({
          target: [scormSharedData.learnerId, scormSharedData.packageId, scormSharedData.targetId],
          set: { store: sql`excluded.store`, updatedAt: sql`now()` },
        });
    },
  };
}
export type ScormSharedDataRepository = ReturnType<typeof createScormSharedDataRepository>;
