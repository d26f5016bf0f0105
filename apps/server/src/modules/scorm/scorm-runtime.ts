import { SCORM_SUSPEND_DATA_LIMITS, type ScormScoSettings } from '@portal/shared/scorm';
import { Scorm12API, Scorm2004API } from 'scorm-again';
import { formatIsoDuration, formatScorm12Time, parseIsoDuration, parseScorm12Time } from './scorm-cmi-time.ts';
import type { ScormVersion } from './scorm-manifest.ts';

export { formatIsoDuration, formatScorm12Time, parseIsoDuration, parseScorm12Time };

export type RuntimeFamily = '1.2' | '2004';

export const runtimeFamilyOf = (version: ScormVersion | string): RuntimeFamily => (version === '1.2' ? '1.2' : '2004');

type CmiObject = Record<string, unknown>;

/** Elements the LMS sets: content may not change them, so a commit's copy of them is ignored. */
const LMS_MANAGED: Record<RuntimeFamily, ReadonlySet<string>> = {
  '1.2': new Set([
    'cmi.core.student_id',
    'cmi.core.student_name',
    'cmi.core.credit',
    'cmi.core.entry',
    'cmi.core.total_time',
    'cmi.core.lesson_mode',
    'cmi.launch_data',
    'cmi.comments_from_lms',
    'cmi.student_data.mastery_score',
    'cmi.student_data.max_time_allowed',
    'cmi.student_data.time_limit_action',
  ]),
  '2004': new Set([
    'cmi.learner_id',
    'cmi.learner_name',
    'cmi.credit',
    'cmi.entry',
    'cmi.total_time',
    'cmi.mode',
    'cmi.launch_data',
    'cmi.completion_threshold',
    'cmi.scaled_passing_score',
    'cmi.max_time_allowed',
    'cmi.time_limit_action',
  ]),
};

/** SCORM error codes a rejected commit answers with. */
const ERROR_CODES = {
  '1.2': { general: 101, invalidArgument: 201, typeMismatch: 405 },
  '2004': { general: 101, invalidArgument: 201, typeMismatch: 406 },
} as const;

function createRuntime(family: RuntimeFamily) {
  // Log level 5 (none): validation replays values and expects some to fail.
  return family === '1.2' ? new Scorm12API({ logLevel: 5 }) : new Scorm2004API({ logLevel: 5 });
}

/**
 * Flattens a cmi object into `[element, value]` pairs, `id` and `type` first inside each record, because the
 * runtime refuses an interaction's other fields before those are set.
 */
export function flattenCmi(value: unknown, prefix = 'cmi'): Array<[string, string]> {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object') return [[prefix, String(value)]];
  const entries = Object.entries(value as CmiObject);
  const rank = (key: string) => (key === 'id' ? 0 : key === 'type' ? 1 : 2);
  entries.sort(([a], [b]) => rank(a) - rank(b));
  return entries.flatMap(([key, child]) => flattenCmi(child, `${prefix}.${key}`));
}

export type CommitValidation =
  | { ok: true; warnings: string[] }
  | { ok: false; errorCode: number; element: string; message: string };

/**
 * Replays a committed cmi object through a fresh scorm-again runtime that holds what the LMS handed out at launch,
 * so a value the content could not have set (wrong type, out of range, read-only) is refused with the error code
 * the runtime itself gives. Values equal to the launch state are not replayed.
 */
export function validateCommittedCmi({
  family,
  launchCmi,
  committed,
}: {
  family: RuntimeFamily;
  launchCmi: CmiObject;
  committed: CmiObject;
}): CommitValidation {
  const warnings: string[] = [];
  const refusal = checkSuspendData(family, committed, warnings);
  if (refusal) return refusal;
  return replayCommittedCmi(family, launchCmi, committed) ?? { ok: true, warnings };
}

type CommitRefusal = Extract<CommitValidation, { ok: false }>;

/** Refuses suspend data longer than any version keeps; warns of 1.2 data longer than 1.2 guarantees. */
function checkSuspendData(family: RuntimeFamily, committed: CmiObject, warnings: string[]): CommitRefusal | null {
  const suspendData = committed.suspend_data;
  if (typeof suspendData !== 'string') return null;
  const length = suspendData.length;
  if (length > SCORM_SUSPEND_DATA_LIMITS['2004']) {
    return {
      ok: false,
      errorCode: ERROR_CODES[family].typeMismatch,
      element: 'cmi.suspend_data',
      message: `cmi.suspend_data holds ${length} characters; at most ${SCORM_SUSPEND_DATA_LIMITS['2004']} are kept.`,
    };
  }
  if (family === '1.2' && length > SCORM_SUSPEND_DATA_LIMITS['1.2']) {
    warnings.push(
      `cmi.suspend_data holds ${length} characters, more than the ${SCORM_SUSPEND_DATA_LIMITS['1.2']} SCORM 1.2 guarantees; it was kept whole.`,
    );
  }
  return null;
}

/** Sets each committed value that differs from the launch state on a fresh runtime: the first it refuses, or null. */
function replayCommittedCmi(family: RuntimeFamily, launchCmi: CmiObject, committed: CmiObject): CommitRefusal | null {
  const codes = ERROR_CODES[family];
  const runtime = createRuntime(family);
  try {
    runtime.loadFromJSON(launchCmi, '');
  } catch {
    return {
      ok: false,
      errorCode: codes.general,
      element: 'cmi',
      message: 'The stored runtime data could not be loaded.',
    };
  }
  runtime.lmsInitialize();
  const baseline = new Map(flattenCmi((runtime.renderCommitCMI(false) as CmiObject).cmi));
  const managed = LMS_MANAGED[family];
  for (const [element, value] of flattenCmi(committed)) {
    const leaf = element.slice(element.lastIndexOf('.') + 1);
    if (managed.has(element) || leaf.startsWith('_')) continue;
    if (baseline.get(element) === value) continue;
    if (value === '' && !baseline.has(element)) continue;
    if (runtime.lmsSetValue(element, value) !== 'true') {
      const errorCode = Number(runtime.lmsGetLastError()) || codes.general;
      return {
        ok: false,
        errorCode,
        element,
        message: `${element} cannot be set to "${value.slice(0, 80)}" (error ${errorCode}).`,
      };
    }
  }
  return null;
}

/** What a commit says about the attempt, in the vocabulary of SCORM 2004 for both versions. */
export interface CmiSummary {
  completionStatus: 'completed' | 'incomplete' | 'not attempted' | 'unknown';
  successStatus: 'passed' | 'failed' | 'unknown';
  scoreRaw: number | null;
  scoreScaled: number | null;
  location: string | null;
  exit: string | null;
  sessionSeconds: number;
  interactions: CmiInteraction[];
}

export interface CmiInteraction {
  position: number;
  interactionId: string;
  type: string | null;
  description: string | null;
  result: string | null;
  learnerResponse: string | null;
  correctResponse: string | null;
  latency: string | null;
  recordedAt: string | null;
}

const text = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const string = String(value);
  return string === '' ? null : string;
};
const numberOrNull = (value: unknown): number | null => {
  const string = text(value);
  if (string === null) return null;
  const number = Number(string);
  return Number.isFinite(number) ? number : null;
};
const objectOf = (value: unknown): CmiObject =>
  value !== null && typeof value === 'object' ? (value as CmiObject) : {};

/** Reads statuses, score, time and interactions from a committed cmi object, applying the SCO's mastery score. */
export function summarizeCmi({
  family,
  cmi,
  settings,
}: {
  family: RuntimeFamily;
  cmi: CmiObject;
  settings: Pick<ScormScoSettings, 'mastery_score'>;
}): CmiSummary {
  return family === '1.2'
    ? summarizeScorm12Cmi(cmi, settings.mastery_score)
    : summarizeScorm2004Cmi(cmi, settings.mastery_score);
}

/** SCORM 1.2: the lesson status read as completion and success, the raw score scaled between its min and max. */
function summarizeScorm12Cmi(cmi: CmiObject, masteryScore: number | null): CmiSummary {
  const core = objectOf(cmi.core);
  const score = objectOf(core.score);
  const status = text(core.lesson_status) ?? 'not attempted';
  const scoreRaw = numberOrNull(score.raw);
  const min = numberOrNull(score.min) ?? 0;
  const max = numberOrNull(score.max) ?? 100;
  const scoreScaled = scoreRaw === null || max <= min ? null : clamp((scoreRaw - min) / (max - min), -1, 1);
  let successStatus: CmiSummary['successStatus'] =
    status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'unknown';
  // SCORM 1.2 RTE 3.4.2: with a mastery score, the LMS decides pass or fail from the raw score.
  if (masteryScore !== null && scoreRaw !== null && status !== 'not attempted') {
    successStatus = scoreRaw >= masteryScore ? 'passed' : 'failed';
  }
  const completionStatus: CmiSummary['completionStatus'] = ['passed', 'failed', 'completed'].includes(status)
    ? 'completed'
    : status === 'incomplete' || status === 'browsed'
      ? 'incomplete'
      : 'not attempted';
  return {
    completionStatus,
    successStatus,
    scoreRaw,
    scoreScaled,
    location: text(core.lesson_location),
    exit: text(core.exit),
    sessionSeconds: parseScorm12Time(text(core.session_time)),
    interactions: readInteractions(cmi.interactions, 'student_response'),
  };
}

function summarizeScorm2004Cmi(cmi: CmiObject, masteryScore: number | null): CmiSummary {
  const score = objectOf(cmi.score);
  const scoreScaled = numberOrNull(score.scaled);
  const completion = text(cmi.completion_status);
  let successStatus: CmiSummary['successStatus'] =
    cmi.success_status === 'passed' ? 'passed' : cmi.success_status === 'failed' ? 'failed' : 'unknown';
  if (successStatus === 'unknown' && masteryScore !== null && scoreScaled !== null) {
    successStatus = scoreScaled >= masteryScore ? 'passed' : 'failed';
  }
  return {
    completionStatus:
      completion === 'completed' || completion === 'incomplete' || completion === 'not attempted'
        ? completion
        : 'unknown',
    successStatus,
    scoreRaw: numberOrNull(score.raw),
    scoreScaled,
    location: text(cmi.location),
    exit: text(cmi.exit),
    sessionSeconds: parseIsoDuration(text(cmi.session_time)),
    interactions: readInteractions(cmi.interactions, 'learner_response'),
  };
}

function readInteractions(value: unknown, responseField: string): CmiInteraction[] {
  return Object.entries(objectOf(value))
    .filter(([position]) => /^\d+$/.test(position))
    .flatMap(([position, raw]) => {
      const record = objectOf(raw);
      const interactionId = text(record.id);
      if (!interactionId) return [];
      const firstPattern = objectOf(objectOf(record.correct_responses)['0']).pattern;
      return [
        {
          position: Number(position),
          interactionId: interactionId.slice(0, 4000),
          type: text(record.type),
          description: text(record.description),
          result: text(record.result),
          learnerResponse: text(record[responseField])?.slice(0, 4000) ?? null,
          correctResponse: text(firstPattern)?.slice(0, 4000) ?? null,
          latency: text(record.latency),
          recordedAt: text(record.timestamp ?? record.time),
        },
      ];
    });
}

/**
 * SCORM 1.2 RTE 3.4.4: a SCO that finishes (LMSFinish) in normal mode without ever setting `cmi.core.lesson_status`
 * is completed; the stored copy says so too.
 */
export function completeUnreportedFinish(family: RuntimeFamily, cmi: CmiObject, terminate: boolean): CmiObject {
  if (family !== '1.2' || !terminate) return cmi;
  const core = objectOf(cmi.core);
  const status = text(core.lesson_status);
  if (status !== null && status !== 'not attempted') return cmi;
  return { ...cmi, core: { ...core, lesson_status: 'completed' } };
}

/** Elements that belong to one session only and are never handed back on resume. */
const SESSION_ONLY: Record<RuntimeFamily, (cmi: CmiObject) => void> = {
  '1.2': (cmi) => {
    const core = objectOf(cmi.core);
    delete core.session_time;
    delete core.exit;
  },
  '2004': (cmi) => {
    delete cmi.session_time;
    delete cmi.exit;
    delete cmi.adl;
  },
};

/**
 * The cmi object a launch starts from: what the LMS provides (learner, mode, credit, manifest launch data) over the
 * data of the attempt being resumed, if any.
 */
export function buildLaunchCmi({
  family,
  learner,
  settings,
  stored,
  entry,
  totalSeconds,
  mode,
}: {
  family: RuntimeFamily;
  learner: { id: string; name: string };
  settings: ScormScoSettings;
  stored: CmiObject | null;
  entry: 'ab-initio' | 'resume' | '';
  totalSeconds: number;
  mode: 'normal' | 'browse';
}): CmiObject {
  const cmi: CmiObject = stored ? structuredClone(stored) : {};
  SESSION_ONLY[family](cmi);
  const launchData = settings.data_from_lms ?? '';
  const given = { learner, settings, entry, totalSeconds, mode, launchData };
  return family === '1.2' ? withScorm12LaunchData(cmi, given) : withScorm2004LaunchData(cmi, given);
}

/** What the LMS provides at launch, in either version's elements. */
type LaunchGiven = {
  learner: { id: string; name: string };
  settings: ScormScoSettings;
  entry: 'ab-initio' | 'resume' | '';
  totalSeconds: number;
  mode: 'normal' | 'browse';
  launchData: string;
};

function withScorm12LaunchData(
  cmi: CmiObject,
  { learner, settings, entry, totalSeconds, mode, launchData }: LaunchGiven,
): CmiObject {
  const core = objectOf(cmi.core);
  cmi.core = {
    ...core,
    student_id: learner.id,
    student_name: learner.name,
    entry,
    credit: mode === 'normal' ? 'credit' : 'no-credit',
    lesson_mode: mode,
    total_time: formatScorm12Time(totalSeconds),
  };
  cmi.launch_data = launchData;
  cmi.student_data = {
    mastery_score: settings.mastery_score === null ? '' : String(settings.mastery_score),
    max_time_allowed: settings.max_time_allowed ?? '',
    time_limit_action: settings.time_limit_action ?? '',
  };
  return cmi;
}

function withScorm2004LaunchData(
  cmi: CmiObject,
  { learner, settings, entry, totalSeconds, mode, launchData }: LaunchGiven,
): CmiObject {
  return {
    ...cmi,
    learner_id: learner.id,
    learner_name: learner.name,
    entry,
    credit: mode === 'normal' ? 'credit' : 'no-credit',
    mode,
    total_time: formatIsoDuration(totalSeconds),
    launch_data: launchData,
    completion_threshold:
      settings.completion_threshold?.completedByMeasure === true
        ? String(settings.completion_threshold.minProgressMeasure)
        : '',
    scaled_passing_score: settings.mastery_score === null ? '' : String(settings.mastery_score),
    max_time_allowed: settings.max_time_allowed ?? '',
    time_limit_action: settings.time_limit_action ?? 'continue,no message',
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
