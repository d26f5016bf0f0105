import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScormAttemptStart, ScormCommitResult, ScormEnrollment } from '@portal/shared/scorm';
import { expect } from 'vitest';
import { startTestApp, type TestTarget } from '../../testing/test-app.ts';
import {
  createScormPerson,
  type ScormPerson,
  scorm12Manifest,
  scorm2004Manifest,
  scormTestClient,
  writeZip,
} from './scorm.testing.ts';

const QUIZ_2004 = scorm2004Manifest(`
  <organizations default="org"><organization identifier="org"><title>Capitals</title>
    <item identifier="quiz" identifierref="r-quiz"><title>Capitals quiz</title></item>
  </organization></organizations>
  <resources><resource identifier="r-quiz" type="webcontent" adlcp:scormType="sco" href="quiz.html"/></resources>`);

export const QUIZ_12 = scorm12Manifest(`
  <organizations default="org"><organization identifier="org"><title>Rivers</title>
    <item identifier="quiz" identifierref="r-quiz"><title>Rivers quiz</title></item>
  </organization></organizations>
  <resources><resource identifier="r-quiz" type="webcontent" adlcp:scormtype="sco" href="quiz.html"/></resources>`);

export const QUESTION = 'Capital of France, "the city of light"?';

/** A SCORM 2004 interaction record as a quiz SCO commits it. */
const interaction = (id: string, response: string, result: string, latency: string, correct: string) => ({
  id,
  type: id === 'q-capital' ? 'choice' : 'fill-in',
  description: id === 'q-capital' ? QUESTION : 'Name a river',
  correct_responses: { 0: { pattern: correct } },
  learner_response: response,
  result,
  latency,
});

/** A SCORM 2004 objective record. */
const objective = (id: string, success: string, scaled: string) => ({
  id,
  success_status: success,
  completion_status: 'completed',
  score: { scaled },
});

/** Ana's first try at the capitals quiz: a wrong capital, a right river, one objective passed and one failed. */
const ANA_FIRST_TRY = {
  completion_status: 'completed',
  success_status: 'failed',
  score: { scaled: '0.5' },
  exit: 'normal',
  session_time: 'PT2M',
  interactions: {
    0: interaction('q-capital', 'lyon', 'incorrect', 'PT10S', 'paris'),
    1: interaction('q-river', 'Seine', 'correct', 'PT4S', 'Seine'),
  },
  objectives: { 0: objective('obj-geo', 'passed', '0.8'), 1: objective('obj-history', 'failed', '0.4') },
};

const ANA_SECOND_TRY = {
  completion_status: 'completed',
  success_status: 'passed',
  score: { scaled: '1' },
  exit: 'normal',
  session_time: 'PT1M30S',
  interactions: { 0: interaction('q-capital', 'paris', 'correct', 'PT2S', 'paris') },
  objectives: { 0: objective('obj-geo', 'passed', '1') },
};

/** Ben leaves the quiz unfinished, with an answer that would be a formula in a spreadsheet. */
const BEN_TRY = {
  completion_status: 'incomplete',
  exit: 'normal',
  interactions: {
    0: interaction('q-capital', 'paris', 'correct', 'PT6S', 'paris'),
    1: interaction('q-river', '=HYPERLINK("x")', 'incorrect', 'PT1M', 'Seine'),
  },
  objectives: { 0: objective('obj-geo', 'failed', '0.3') },
};

type ReportContext = {
  app: Awaited<ReturnType<typeof startTestApp>>['app'];
  db: Awaited<ReturnType<typeof startTestApp>>['database']['db'];
  client: ReturnType<typeof scormTestClient>;
  instructor: ScormPerson;
  workDir: string;
};

/** A package from a manifest with `learnerCount` new learners enrolled; returns each learner's enrolment. */
async function enrolledPackage(
  { app, db, client, instructor, workDir }: ReportContext,
  name: string,
  manifest: string,
  learnerCount: number,
) {
  const file = await writeZip(path.join(workDir, `${name}.zip`), [
    { name: 'imsmanifest.xml', content: manifest },
    { name: 'quiz.html', content: '<html><body>quiz</body></html>' },
  ]);
  const packageId = await client.uploadAndProcess(instructor, file);
  const learners = await Promise.all(Array.from({ length: learnerCount }, () => createScormPerson(app, db, 'learner')));
  const enrolled = await client.call<{ enrollments: ScormEnrollment[] }>(
    instructor,
    'POST',
    `/api/scorm/packages/${packageId}/enrollments`,
    { learner_ids: learners.map((learner) => learner.id) },
  );
  const detail = await client.call<{ scos: Array<{ id: string }> }>(
    instructor,
    'GET',
    `/api/scorm/packages/${packageId}`,
  );
  const scoId = detail.body.scos[0]?.id ?? '';
  return {
    packageId,
    scoId,
    learners: learners.map((learner) => ({
      ...learner,
      enrollmentId: enrolled.body.enrollments.find((row) => row.learner.id === learner.id)?.id ?? '',
    })),
  };
}

/** One whole attempt through the player's APIs: launch, then a single terminating commit of `cmi`. */
async function playAttempt(
  client: ReportContext['client'],
  learner: ScormPerson & { enrollmentId: string },
  scoId: string,
  cmi: Record<string, unknown>,
) {
  const started = await client.call<ScormAttemptStart>(
    learner,
    'POST',
    `/api/scorm/launch/${learner.enrollmentId}/scos/${scoId}/attempt`,
  );
  expect(started.status).toBe(200);
  const committed = await client.call<ScormCommitResult>(
    learner,
    'POST',
    `/api/scorm/attempts/${started.body.attempt_id}/commit`,
    { sco_id: scoId, sequence: (started.body.commit_sequence ?? 0) + 1, cmi, terminate: true },
  );
  expect(committed.body).toMatchObject({ result: true, errorCode: 0 });
}

/** Two learners answer the capitals quiz; the first takes it twice. */
async function playedQuiz(context: ReportContext, name: string) {
  const course = await enrolledPackage(context, name, QUIZ_2004, 2);
  const [ana, ben] = course.learners;
  if (!ana || !ben) throw new Error('learners missing');
  await playAttempt(context.client, ana, course.scoId, ANA_FIRST_TRY);
  await playAttempt(context.client, ana, course.scoId, ANA_SECOND_TRY);
  await playAttempt(context.client, ben, course.scoId, BEN_TRY);
  return { ...course, ana, ben };
}

/**
 * A test app with an instructor, and ways to build packages, enrol new learners and play whole attempts through the
 * APIs the player uses; `quiz` is the capitals quiz two learners played.
 */
export async function startScormReportApp(target: TestTarget) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-scorm-reports-${target.name}-`));
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-scorm-report-zips-'));
  const started = await startTestApp(target, { dataDir });
  const { app } = started;
  const db = started.database.db;
  const client = scormTestClient(app);
  const instructor = await createScormPerson(app, db, 'instructor');
  const context: ReportContext = { app, db, client, instructor, workDir };

  return {
    app,
    db,
    client,
    instructor,
    enrolledPackage: (name: string, manifest: string, learnerCount: number) =>
      enrolledPackage(context, name, manifest, learnerCount),
    playAttempt: (learner: ScormPerson & { enrollmentId: string }, scoId: string, cmi: Record<string, unknown>) =>
      playAttempt(client, learner, scoId, cmi),
    quiz: await playedQuiz(context, 'capitals'),
    async close() {
      await started.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
export type ScormReportApp = Awaited<ReturnType<typeof startScormReportApp>>;
