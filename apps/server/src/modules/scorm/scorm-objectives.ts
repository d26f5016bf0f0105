import type { Db } from '../../db/client.ts';
import { scormObjectives } from './scorm.table.ts';

type CmiObject = Record<string, unknown>;
export type ObjectiveRow = Omit<typeof scormObjectives.$inferInsert, 'attemptId'>;

const objectOf = (value: unknown): CmiObject =>
  value !== null && typeof value === 'object' ? (value as CmiObject) : {};
const textOf = (value: unknown): string | null =>
  value === null || value === undefined || String(value) === '' ? null : String(value);
const numberOf = (value: unknown): number | null => {
  const text = textOf(value);
  const number = text === null ? Number.NaN : Number(text);
  return Number.isFinite(number) ? number : null;
};

/** SCORM 1.2 `cmi.objectives.n.status` in the vocabulary of SCORM 2004 (RTE 3.4.2, as for `lesson_status`). */
function statusesOf12(status: string | null): Pick<ObjectiveRow, 'completionStatus' | 'successStatus'> {
  return {
    completionStatus: ['passed', 'failed', 'completed'].includes(status ?? '')
      ? 'completed'
      : status === 'incomplete' || status === 'browsed'
        ? 'incomplete'
        : 'not attempted',
    successStatus: status === 'passed' || status === 'failed' ? status : 'unknown',
  };
}

/**
 * The objective records of a committed cmi object (`cmi.objectives.n`) of either SCORM version. A SCORM 1.2 record
 * carries `status` and a raw score whose scaled value follows from its range, as for the SCO's own score.
 */
export function readObjectives(cmi: CmiObject): ObjectiveRow[] {
  // A SCORM 1.2 cmi object always carries `core`; a 2004 one never does.
  const family12 = 'core' in cmi;
  return Object.entries(objectOf(cmi.objectives))
    .filter(([position]) => /^\d+$/.test(position))
    .flatMap(([position, raw]) => {
      const record = objectOf(raw);
      const objectiveId = textOf(record.id);
      if (!objectiveId) return [];
      const score = objectOf(record.score);
      const scoreRaw = numberOf(score.raw);
      const is12 = family12 || 'status' in record;
      let scoreScaled = numberOf(score.scaled);
      if (is12 && scoreRaw !== null) {
        const min = numberOf(score.min) ?? 0;
        const max = numberOf(score.max) ?? 100;
        scoreScaled = max > min ? Math.min(1, Math.max(-1, (scoreRaw - min) / (max - min))) : null;
      }
      const completion = textOf(record.completion_status);
      const success = textOf(record.success_status);
      return [
        {
          position: Number(position),
          objectiveId: objectiveId.slice(0, 4000),
          description: textOf(record.description)?.slice(0, 4000) ?? null,
          ...(is12
            ? statusesOf12(textOf(record.status))
            : { completionStatus: completion ?? 'unknown', successStatus: success ?? 'unknown' }),
          scoreRaw,
          scoreScaled,
          progressMeasure: numberOf(record.progress_measure),
        },
      ];
    });
}

/** Stores the objective rows of the cmi object just committed, in the commit's transaction, once the old ones are gone. */
export async function storeObjectives(executor: Pick<Db, 'insert'>, attemptId: string, cmi: CmiObject): Promise<void> {
  const rows = readObjectives(cmi);
  for (let start = 0; start < rows.length; start += 500) {
    await executor.insert(scormObjectives).values(rows.slice(start, start + 500).map((row) => ({ ...row, attemptId })));
  }
}
