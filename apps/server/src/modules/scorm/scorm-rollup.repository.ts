import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scormAttemptData, scormPackages, scormScos, scormSequencingStates } from './scorm.table.ts';

type Executor = Pick<Db, 'select'>;

export async function packageVersionOf(executor: Executor, packageId: string): Promise<string | null> {
  const [pkg] = await executor
    .select({ version: scormPackages.version })
    .from(scormPackages)
    .where(eq(scormPackages.id, packageId));
  return pkg?.version ?? null;
}

/** The sequencing state the player last saved for an enrolment, null before it saved one. */
export async function sequencingStateOf(executor: Executor, enrollmentId: string): Promise<string | null> {
  const [row] = await executor
    .select({ state: scormSequencingStates.state })
    .from(scormSequencingStates)
    .where(eq(scormSequencingStates.enrollmentId, enrollmentId));
  return row?.state ?? null;
}

/**
 * What SCORM 2004 rollup reads besides the enrolment's attempts, inside the commit's transaction: each SCO's
 * completion threshold and the stored cmi of the attempts that count.
 */
export async function readRollupInputs(executor: Executor, packageId: string, attemptIds: string[]) {
  const scos = await executor
    .select({ itemId: scormScos.itemId, settings: scormScos.settings })
    .from(scormScos)
    .where(eq(scormScos.packageId, packageId));
  const data =
    attemptIds.length === 0
      ? []
      : await executor.select().from(scormAttemptData).where(inArray(scormAttemptData.attemptId, attemptIds));
  return {
    completionThresholds: new Map(scos.map((row) => [row.itemId, row.settings.completion_threshold])),
    cmiByAttempt: new Map(data.map((row) => [row.attemptId, row.cmi])),
  };
}
