import { type ScormEngineActivity, sequencingSettingsFor } from '@portal/shared/scorm-sequencing';
import { Scorm2004API } from 'scorm-again';
import { describe, expect, it } from 'vitest';
import { structureOf } from './scorm.service.ts';
import { scorm2004Manifest } from './scorm.testing.ts';
import { parseScormManifest } from './scorm-manifest.ts';

const rule = (kind: string, condition: string, action: string, extra = '') => `
  <imsss:${kind}><imsss:ruleConditions><imsss:ruleCondition condition="${condition}" ${extra}/></imsss:ruleConditions>
  <imsss:ruleAction action="${action}"/></imsss:${kind}>`;

/** A module of a lesson (retried until passed, at most twice) and a test gated by the lesson's shared objective. */
const COURSE = scorm2004Manifest(`
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="module"><title>Module</title>
      <item identifier="lesson" identifierref="r1"><title>Lesson</title>
        <imsss:sequencing IDRef="content">
          <imsss:sequencingRules>${rule('postConditionRule', 'satisfied', 'retry', 'operator="not"')}</imsss:sequencingRules>
          <imsss:limitConditions attemptLimit="2"/>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="lesson-passed">
              <imsss:mapInfo targetObjectiveID="g.lesson" writeSatisfiedStatus="true"/>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
      <item identifier="test" identifierref="r2"><title>Test</title>
        <imsss:sequencing>
          <imsss:sequencingRules>
            ${rule('preConditionRule', 'satisfied', 'disabled', 'referencedObjective="gate" operator="not"')}
            ${rule('exitConditionRule', 'objectiveMeasureGreaterThan', 'exit', 'measureThreshold="0.5"')}
          </imsss:sequencingRules>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="test-passed" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
            <imsss:objective objectiveID="gate">
              <imsss:mapInfo targetObjectiveID="g.lesson" readSatisfiedStatus="true"/>
            </imsss:objective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
      <imsss:sequencing>
        <imsss:controlMode choice="false" flow="true" forwardOnly="true"/>
        <imsss:rollupRules objectiveMeasureWeight="0.5">
          <imsss:rollupRule childActivitySet="atLeastPercent" minimumPercent="0.5">
            <imsss:rollupConditions conditionCombination="all"><imsss:rollupCondition condition="satisfied"/></imsss:rollupConditions>
            <imsss:rollupAction action="satisfied"/>
          </imsss:rollupRule>
        </imsss:rollupRules>
        <imsss:randomizationControls selectCount="2" selectionTiming="onEachNewAttempt" reorderChildren="true" randomizationTiming="once"/>
        <adlseq:rollupConsiderations requiredForSatisfied="ifAttempted"/>
      </imsss:sequencing>
    </item>
    <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="lesson.html"/>
    <resource identifier="r2" type="webcontent" adlcp:scormType="sco" href="test.html"/>
  </resources>
  <imsss:sequencingCollection>
    <imsss:sequencing ID="content">
      <imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/>
      <imsss:sequencingRules>${rule('exitConditionRule', 'completed', 'exit')}</imsss:sequencingRules>
    </imsss:sequencing>
  </imsss:sequencingCollection>`);

/** Two SCOs in a flow cluster; leaving the first unsatisfied retries it, passing it moves on. */
const RETRY_COURSE = scorm2004Manifest(`
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="one" identifierref="r1"><title>One</title>
      <imsss:sequencing>
        <imsss:sequencingRules>${rule('postConditionRule', 'satisfied', 'retry', 'operator="not"')}</imsss:sequencingRules>
        <imsss:objectives><imsss:primaryObjective objectiveID="one-passed">
          <imsss:mapInfo targetObjectiveID="g.one" writeSatisfiedStatus="true"/>
        </imsss:primaryObjective></imsss:objectives>
      </imsss:sequencing>
    </item>
    <item identifier="two" identifierref="r2"><title>Two</title>
      <imsss:sequencing>
        <imsss:objectives>
          <imsss:objective objectiveID="from-one"><imsss:mapInfo targetObjectiveID="g.one" readSatisfiedStatus="true"/></imsss:objective>
        </imsss:objectives>
      </imsss:sequencing>
    </item>
    <imsss:sequencing>
      <imsss:controlMode choice="true" flow="true"/>
      <imsss:rollupRules>
        <imsss:rollupRule childActivitySet="any">
          <imsss:rollupConditions><imsss:rollupCondition condition="satisfied"/></imsss:rollupConditions>
          <imsss:rollupAction action="satisfied"/>
        </imsss:rollupRule>
      </imsss:rollupRules>
    </imsss:sequencing>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="one.html"/>
    <resource identifier="r2" type="webcontent" adlcp:scormType="sco" href="two.html"/>
  </resources>`);

function settingsOf(manifest: string) {
  const [organization] = structureOf(parseScormManifest(manifest)).organizations;
  if (!organization) throw new Error('no organization');
  return sequencingSettingsFor(organization);
}

type ActivityState = { attemptCount: number; successStatus: string; isHiddenFromChoice: boolean; isAvailable: boolean };

/** Runs a package through scorm-again as the player does: one fresh API per SCO, the engine's state handed on. */
function runCourse(manifest: string) {
  const settings = settingsOf(manifest);
  const delivered: string[] = [];
  let state: string | null = null;
  const freshApi = () => {
    const api = new Scorm2004API({
      logLevel: 5,
      lmsCommitUrl: false,
      autocommit: false,
      sequencing: {
        activityTree: settings.activityTree as never,
        logLevel: 'error',
        eventListeners: { onActivityDelivery: (activity) => delivered.push(activity.id) },
      },
    });
    if (state) api.deserializeSequencingState(state);
    return api;
  };
  return {
    delivered,
    start() {
      const api = freshApi();
      api.processNavigationRequest('start');
      state = api.serializeSequencingState();
      return [...delivered];
    },
    /** The delivered SCO reports its result and asks to continue; answers the objectives it could read. */
    runSco(successStatus: string) {
      const api = freshApi();
      api.lmsInitialize();
      const objectives = Number(api.GetValue('cmi.objectives._count'));
      const seen = Object.fromEntries(
        Array.from({ length: objectives }, (_, index) => [
          api.GetValue(`cmi.objectives.${index}.id`),
          api.GetValue(`cmi.objectives.${index}.success_status`),
        ]),
      );
      api.SetValue('cmi.completion_status', 'completed');
      api.SetValue('cmi.success_status', successStatus);
      api.SetValue('adl.nav.request', 'continue');
      api.lmsFinish();
      state = api.serializeSequencingState();
      return seen;
    },
    activity(id: string): ActivityState | undefined {
      const saved = JSON.parse(state ?? '{}') as { sequencing?: { activityStates?: Record<string, ActivityState> } };
      return saved.sequencing?.activityStates?.[id];
    },
  };
}

function child(activity: ScormEngineActivity, id: string): ScormEngineActivity {
  const found = activity.children?.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no activity ${id}`);
  return found;
}

describe('the sequencing engine settings of a SCORM 2004 organization', () => {
  const { activityTree: root } = settingsOf(COURSE);
  const module = child(root, 'module');
  const lesson = child(module, 'lesson');
  const test = child(module, 'test');

  it('builds one activity per organization and item, named by the manifest identifiers', () => {
    expect(root).toMatchObject({ id: 'org', title: 'Course', sequencingControls: { choice: true, flow: true } });
    expect(module.children?.map((activity) => activity.id)).toEqual(['lesson', 'test']);
    expect(lesson.children).toBeUndefined();
  });

  it('keeps the IMS default of no flow for a cluster whose manifest does not ask for it', () => {
    const { activityTree } = settingsOf(
      scorm2004Manifest(`
        <organizations default="org"><organization identifier="org"><title>Plain</title>
          <item identifier="only" identifierref="r1"><title>Only</title></item>
        </organization></organizations>
        <resources><resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="only.html"/></resources>`),
    );
    expect(activityTree.sequencingControls).toEqual({ flow: false });
    expect(child(activityTree, 'only').sequencingControls).toBeUndefined();
  });

  it('carries control modes, rollup rules (percent in 0-100), rollup considerations and selection/randomization', () => {
    expect(module.sequencingControls).toEqual({
      choice: false,
      flow: true,
      forwardOnly: true,
      objectiveMeasureWeight: 0.5,
      selectCount: 2,
      selectionTiming: 'onEachNewAttempt',
      randomizeChildren: true,
      randomizationTiming: 'once',
    });
    expect(module.rollupRules).toEqual({
      rules: [
        {
          action: 'satisfied',
          consideration: 'atLeastPercent',
          minimumPercent: 50,
          conditionCombination: 'all',
          conditions: [{ condition: 'satisfied' }],
        },
      ],
    });
    expect(module.rollupConsiderations).toEqual({ requiredForSatisfied: 'ifAttempted' });
  });

  it('applies the shared collection entry (IDRef) under what the item states itself', () => {
    expect(lesson.deliveryControls).toEqual({ completionSetByContent: true, objectiveSetByContent: true });
    expect(lesson.sequencingRules).toEqual({
      preConditionRules: [],
      exitConditionRules: [{ action: 'exit', conditionCombination: 'all', conditions: [{ condition: 'completed' }] }],
      postConditionRules: [
        { action: 'retry', conditionCombination: 'all', conditions: [{ condition: 'satisfied', operator: 'not' }] },
      ],
    });
    expect(lesson.attemptLimit).toBe(2);
  });

  it('maps objectives to global objectives for writing and reading, with measure thresholds as parameters', () => {
    expect(lesson.primaryObjective).toEqual({
      objectiveID: 'lesson-passed',
      mapInfo: [{ targetObjectiveID: 'g.lesson', writeSatisfiedStatus: true }],
    });
    expect(test.primaryObjective).toEqual({
      objectiveID: 'test-passed',
      satisfiedByMeasure: true,
      minNormalizedMeasure: 0.8,
      mapInfo: [],
    });
    expect(test.objectives).toEqual([
      { objectiveID: 'gate', mapInfo: [{ targetObjectiveID: 'g.lesson', readSatisfiedStatus: true }] },
    ]);
    expect(test.sequencingRules?.preConditionRules).toEqual([
      {
        action: 'disabled',
        conditionCombination: 'all',
        conditions: [{ condition: 'satisfied', referencedObjective: 'gate', operator: 'not' }],
      },
    ]);
    expect(test.sequencingRules?.exitConditionRules[0]?.conditions).toEqual([
      { condition: 'objectiveMeasureGreaterThan', parameters: { threshold: 0.5 } },
    ]);
  });

  it('drives scorm-again: a post-condition retries an unsatisfied SCO, then a shared objective reaches the next SCO and rolls up', () => {
    const course = runCourse(RETRY_COURSE);
    expect(course.start()).toEqual(['one']);
    course.runSco('failed');
    expect(course.delivered).toEqual(['one', 'one']);
    course.runSco('passed');
    expect(course.delivered).toEqual(['one', 'one', 'two']);
    expect(course.runSco('unknown')).toMatchObject({ 'from-one': 'passed' });
    expect(course.activity('one')?.attemptCount).toBe(2);
    expect(course.activity('org')?.successStatus).toBe('passed');
  });

  it('drives scorm-again: the attempt limit stops a retry loop', () => {
    const course = runCourse(
      RETRY_COURSE.replace(
        '<imsss:sequencingRules>',
        '<imsss:limitConditions attemptLimit="2"/><imsss:sequencingRules>',
      ),
    );
    course.start();
    course.runSco('failed');
    course.runSco('failed');
    expect(course.delivered).toEqual(['one', 'one']);
    expect(course.activity('one')?.attemptCount).toBe(2);
  });

  it('drives scorm-again: selection picks one of three lessons and hides the others from choice', () => {
    const course = runCourse(
      scorm2004Manifest(`
        <organizations default="org"><organization identifier="org"><title>Pick one</title>
          ${['a', 'b', 'c'].map((id) => `<item identifier="${id}" identifierref="r-${id}"><title>${id}</title></item>`).join('')}
          <imsss:sequencing>
            <imsss:controlMode choice="true" flow="true"/>
            <imsss:randomizationControls selectCount="1" selectionTiming="once" reorderChildren="true" randomizationTiming="once"/>
          </imsss:sequencing>
        </organization></organizations>
        <resources>${['a', 'b', 'c']
          .map((id) => `<resource identifier="r-${id}" type="webcontent" adlcp:scormType="sco" href="${id}.html"/>`)
          .join('')}</resources>`),
    );
    const [chosen] = course.start();
    const others = ['a', 'b', 'c'].filter((id) => id !== chosen);
    expect(others).toHaveLength(2);
    for (const id of others)
      expect(course.activity(id)).toMatchObject({ isHiddenFromChoice: true, isAvailable: false });
    expect(course.activity(chosen ?? '')).toMatchObject({ isHiddenFromChoice: false, isAvailable: true });
  });
});
