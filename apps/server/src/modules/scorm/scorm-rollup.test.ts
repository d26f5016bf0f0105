import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { structureOf } from './scorm.service.ts';
import { makeWorkDir, SCORM_SAMPLES_DIR, scorm2004Manifest } from './scorm.testing.ts';
import { inspectScormPackage } from './scorm-inspect.ts';
import { parseScormManifest, type ScormManifest } from './scorm-manifest.ts';
import { type RollupLeafResult, rollupOrganization } from './scorm-rollup.ts';

/** What a SCO reported; `ended` unless it was suspended. */
const reported = (
  completionStatus: string,
  successStatus = 'unknown',
  extra: Partial<RollupLeafResult> = {},
): RollupLeafResult => ({
  attempted: true,
  suspended: false,
  ended: true,
  completionStatus,
  successStatus,
  scoreScaled: null,
  progressMeasure: null,
  objectives: [],
  ...extra,
});

/** The default organization of a manifest, rolled up from results per item identifier. */
function rollupOf(manifest: ScormManifest, results: Record<string, RollupLeafResult>) {
  const structure = structureOf(manifest);
  const organization = structure.organizations.find((entry) => entry.id === structure.defaultOrganizationId);
  if (!organization) throw new Error('no default organization');
  const thresholds = new Map(manifest.scos.map((sco) => [sco.itemId, sco.completionThreshold]));
  return rollupOrganization({
    organization,
    results: new Map(Object.entries(results)),
    completionThresholds: thresholds,
  });
}

/** A SCORM 2004 course of SCO items `ids` (each with its own sequencing) under a root with `rootSequencing`. */
function course(ids: string[], rootSequencing = '', itemSequencing: Record<string, string> = {}) {
  return parseScormManifest(
    scorm2004Manifest(`
  <organizations default="org"><organization identifier="org"><title>Course</title>
    ${ids
      .map(
        (id) =>
          `<item identifier="${id}" identifierref="r-${id}"><title>${id}</title>${
            itemSequencing[id] ? `<imsss:sequencing>${itemSequencing[id]}</imsss:sequencing>` : ''
          }</item>`,
      )
      .join('\n')}
    ${rootSequencing ? `<imsss:sequencing>${rootSequencing}</imsss:sequencing>` : ''}
  </organization></organizations>
  <resources>${ids
    .map((id) => `<resource identifier="r-${id}" type="webcontent" adlcp:scormType="sco" href="${id}.html"/>`)
    .join('')}</resources>`),
  );
}

const rollupRule = (set: string, condition: string, action: string, attributes = '', operator = '') => `
  <imsss:rollupRule childActivitySet="${set}" ${attributes}>
    <imsss:rollupConditions><imsss:rollupCondition condition="${condition}" ${operator}/></imsss:rollupConditions>
    <imsss:rollupAction action="${action}"/>
  </imsss:rollupRule>`;

describe('SCORM 2004 rollup with the default rules', () => {
  const three = course(['a', 'b', 'c']);

  it('completes and satisfies the course only when every child is completed and satisfied', () => {
    const partly = rollupOf(three, { a: reported('completed', 'passed'), b: reported('completed', 'passed') });
    expect(partly.root).toMatchObject({ attempted: true, completed: null, satisfied: null });
    const all = rollupOf(three, {
      a: reported('completed', 'passed'),
      b: reported('completed', 'passed'),
      c: reported('completed', 'passed'),
    });
    expect(all.root).toMatchObject({ completed: true, satisfied: true });
  });

  it('leaves the course incomplete and not satisfied once every child is known and one is not', () => {
    const rolled = rollupOf(three, {
      a: reported('completed', 'passed'),
      b: reported('incomplete', 'failed', { ended: false, suspended: true }),
      c: reported('completed', 'passed'),
    });
    expect(rolled.root).toMatchObject({ completed: false, satisfied: false });
  });

  it('finishes what an ended attempt left unreported unless the content sets it (End Attempt Process)', () => {
    const silent = { completionStatus: 'unknown', successStatus: 'unknown' };
    const quiet = course(['a'], '', { a: '<imsss:deliveryControls completionSetByContent="true"/>' });
    expect(rollupOf(course(['a']), { a: reported('unknown', 'unknown', silent) }).root).toMatchObject({
      completed: true,
      satisfied: true,
    });
    expect(rollupOf(quiet, { a: reported('unknown') }).root).toMatchObject({ completed: null, satisfied: true });
    expect(rollupOf(course(['a']), { a: reported('unknown', 'unknown', { ended: false }) }).root).toMatchObject({
      completed: null,
      satisfied: null,
    });
  });

  it('leaves untracked children and those whose rollup controls say so out of the rollup', () => {
    const manifest = course(['core', 'extra', 'survey'], '', {
      extra: '<imsss:rollupRules rollupObjectiveSatisfied="false" rollupProgressCompletion="false"/>',
      survey: '<imsss:deliveryControls tracked="false"/>',
    });
    const rolled = rollupOf(manifest, { core: reported('completed', 'passed') });
    expect(rolled.root).toMatchObject({ completed: true, satisfied: true });
  });
});

describe('SCORM 2004 rollup rules', () => {
  it('satisfies the course when at least two of three quizzes are passed (atLeastCount)', () => {
    const manifest = course(
      ['q1', 'q2', 'q3'],
      `<imsss:rollupRules>
        ${rollupRule('atLeastCount', 'satisfied', 'satisfied', 'minimumCount="2"')}
        ${rollupRule('atLeastCount', 'satisfied', 'notSatisfied', 'minimumCount="2"', 'operator="not"')}
        ${rollupRule('any', 'completed', 'completed')}
      </imsss:rollupRules>`,
    );
    expect(rollupOf(manifest, { q1: reported('completed', 'passed') }).root).toMatchObject({
      completed: true,
      satisfied: null,
    });
    expect(
      rollupOf(manifest, { q1: reported('completed', 'passed'), q2: reported('completed', 'passed') }).root,
    ).toMatchObject({ satisfied: true });
    expect(
      rollupOf(manifest, {
        q1: reported('completed', 'failed'),
        q2: reported('completed', 'failed'),
        q3: reported('completed', 'passed'),
      }).root,
    ).toMatchObject({ satisfied: false });
  });

  it('applies atLeastPercent, none and all-combined conditions', () => {
    const manifest = course(
      ['a', 'b', 'c', 'd'],
      `<imsss:rollupRules>
        ${rollupRule('atLeastPercent', 'satisfied', 'satisfied', 'minimumPercent="0.75"')}
        ${rollupRule('none', 'attempted', 'incomplete')}
        <imsss:rollupRule childActivitySet="all">
          <imsss:rollupConditions conditionCombination="all">
            <imsss:rollupCondition condition="attempted"/>
            <imsss:rollupCondition condition="completed"/>
          </imsss:rollupConditions>
          <imsss:rollupAction action="completed"/>
        </imsss:rollupRule>
      </imsss:rollupRules>`,
    );
    expect(rollupOf(manifest, {}).root).toMatchObject({ completed: false, satisfied: null });
    const half = rollupOf(manifest, { a: reported('completed', 'passed'), b: reported('completed', 'passed') });
    expect(half.root).toMatchObject({ completed: null, satisfied: null });
    const most = rollupOf(manifest, {
      a: reported('completed', 'passed'),
      b: reported('completed', 'passed'),
      c: reported('completed', 'passed'),
      d: reported('completed', 'failed'),
    });
    expect(most.root).toMatchObject({ completed: true, satisfied: true });
  });

  it('counts a child only when attempted with requiredForSatisfied="ifAttempted"', () => {
    const manifest = course(['a', 'b'], '', {
      b: '<adlseq:rollupConsiderations requiredForSatisfied="ifAttempted" requiredForCompleted="ifAttempted"/>',
    });
    expect(rollupOf(manifest, { a: reported('completed', 'passed') }).root).toMatchObject({
      completed: true,
      satisfied: true,
    });
    expect(
      rollupOf(manifest, { a: reported('completed', 'passed'), b: reported('incomplete', 'unknown', { ended: false }) })
        .root,
    ).toMatchObject({ completed: false, satisfied: null });
  });
});

describe('SCORM 2004 measure rollup', () => {
  const weighted = course(
    ['quiz', 'exam'],
    `<imsss:objectives><imsss:primaryObjective objectiveID="course" satisfiedByMeasure="true">
      <imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives>`,
    {
      quiz: '<imsss:rollupRules objectiveMeasureWeight="1"/>',
      exam: '<imsss:rollupRules objectiveMeasureWeight="3"/>',
    },
  );

  it('satisfies the course by its weighted measure against minNormalizedMeasure', () => {
    const scored = (scaled: number) => reported('completed', 'unknown', { scoreScaled: scaled });
    const low = rollupOf(weighted, { quiz: scored(1), exam: scored(0.5) });
    expect(low.root.measure).toBeCloseTo(0.625);
    expect(low.root.satisfied).toBe(false);
    const high = rollupOf(weighted, { quiz: scored(0.4), exam: scored(0.9) });
    expect(high.root.measure).toBeCloseTo(0.775);
    expect(high.root.satisfied).toBe(true);
    // A child without a measure still weighs: one known score of 1.0 out of weight 4 stays below 0.7.
    expect(rollupOf(weighted, { quiz: scored(1) }).root).toMatchObject({ measure: 0.25, satisfied: false });
    expect(rollupOf(weighted, {}).root).toMatchObject({ measure: null, satisfied: null });
  });

  it('satisfies a SCO by measure and completes it by progress measure', () => {
    const manifest = parseScormManifest(
      scorm2004Manifest(`
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="a" identifierref="r-a"><title>A</title>
      <adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.8"/>
      <imsss:sequencing><imsss:objectives>
        <imsss:primaryObjective satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure></imsss:primaryObjective>
      </imsss:objectives><imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/></imsss:sequencing>
    </item>
  </organization></organizations>
  <resources><resource identifier="r-a" type="webcontent" adlcp:scormType="sco" href="a.html"/></resources>`),
    );
    const rolled = rollupOf(manifest, {
      a: reported('incomplete', 'failed', { scoreScaled: 0.65, progressMeasure: 0.9 }),
    });
    expect(rolled.activities.get('a')).toMatchObject({ completed: true, satisfied: true, measure: 0.65 });
    expect(rolled.root).toMatchObject({ completed: true, satisfied: true });
  });
});

describe('SCORM 2004 global objectives', () => {
  it('satisfies an activity that reads a global objective another SCO wrote, in either order', () => {
    const manifest = course(['lesson', 'review'], '', {
      review: `<imsss:objectives><imsss:primaryObjective objectiveID="p">
        <imsss:mapInfo targetObjectiveID="g.shared"/></imsss:primaryObjective></imsss:objectives>`,
      lesson: `<imsss:objectives><imsss:primaryObjective objectiveID="p"/>
        <imsss:objective objectiveID="skill"><imsss:mapInfo targetObjectiveID="g.shared" readSatisfiedStatus="false"
          writeSatisfiedStatus="true" writeNormalizedMeasure="true"/></imsss:objective></imsss:objectives>`,
    });
    const rolled = rollupOf(manifest, {
      lesson: reported('completed', 'passed', {
        objectives: [{ id: 'skill', successStatus: 'passed', scoreScaled: 0.9 }],
      }),
    });
    expect(rolled.globals.get('g.shared')).toEqual({ satisfied: true, measure: 0.9 });
    expect(rolled.activities.get('review')).toMatchObject({ attempted: false, satisfied: true, measure: 0.9 });
    // The review was never launched: the course is satisfied but not completed.
    expect(rolled.root).toMatchObject({ satisfied: true, completed: null });
  });
});

describe('the published Golf Explained simple remediation sample', () => {
  let workDir: string;
  let cleanUp: () => Promise<void>;
  beforeEach(async () => {
    ({ dir: workDir, cleanUp } = await makeWorkDir());
  });
  afterEach(async () => {
    await cleanUp();
  });

  const sample = async () =>
    (
      await inspectScormPackage({
        zipPath: path.join(SCORM_SAMPLES_DIR, 'golf2004-3rd-simple-remediation.zip'),
        targetDir: path.join(workDir, 'package'),
      })
    ).manifest;

  it('rolls up from the tests only, each writing the global its content reads', async () => {
    const manifest = await sample();
    const contentRead = reported('completed', 'unknown', { ended: true });
    const passedTests = {
      test_1: reported('completed', 'passed'),
      test_2: reported('completed', 'passed'),
      test_3: reported('completed', 'passed'),
    };
    const three = rollupOf(manifest, { playing_item: contentRead, ...passedTests });
    expect(three.root).toMatchObject({ completed: null, satisfied: null });
    // The content shows the satisfied status its test wrote, though content does not count toward the rollup.
    expect(three.activities.get('playing_item')).toMatchObject({ satisfied: true });
    expect(three.activities.get('havingfun_item')?.satisfied ?? null).toBeNull();

    const all = rollupOf(manifest, { ...passedTests, test_4: reported('completed', 'passed') });
    expect(all.root).toMatchObject({ completed: true, satisfied: true });
    const failedOne = rollupOf(manifest, { ...passedTests, test_4: reported('completed', 'failed') });
    expect(failedOne.root).toMatchObject({ completed: true, satisfied: false });
  });
});
