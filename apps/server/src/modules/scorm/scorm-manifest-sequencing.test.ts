import { describe, expect, it } from 'vitest';
import { scorm2004Manifest } from './scorm.testing.ts';
import { parseScormManifest } from './scorm-manifest.ts';
import { resolveSequencing } from './scorm-sequencing.ts';

describe('reading SCORM 2004 launch data and sequencing', () => {
  const item = (id: string, inner: string, extra = '') =>
    `<item identifier="${id}" identifierref="r1"${extra}><title>${id}</title>${inner}</item>`;
  const manifestWith = (items: string, collection = '', schemaVersion = '2004 4th Edition') =>
    parseScormManifest(
      scorm2004Manifest(
        `<organizations default="org"><organization identifier="org" adlseq:objectivesGlobalToSystem="false"><title>Course</title>
          ${items}
        </organization></organizations>
        <resources><resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="sco.html"/></resources>
        ${collection}`,
        { schemaVersion },
      ),
    );

  it('reads the completion threshold in the 4th edition attribute form and the 3rd edition text form', () => {
    const fourth = manifestWith(
      item('i1', '<adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.8" progressWeight="2"/>') +
        item('i2', '<adlcp:completionThreshold minProgressMeasure="0.5"/>'),
    );
    expect(fourth.scos.map((sco) => sco.completionThreshold)).toEqual([
      { completedByMeasure: true, minProgressMeasure: 0.8, progressWeight: 2 },
      { completedByMeasure: false, minProgressMeasure: 0.5, progressWeight: 1 },
    ]);
    const third = manifestWith(
      item('i1', '<adlcp:completionThreshold>0.75</adlcp:completionThreshold>'),
      '',
      '2004 3rd Edition',
    );
    expect(third.scos[0]?.completionThreshold).toEqual({
      completedByMeasure: true,
      minProgressMeasure: 0.75,
      progressWeight: 1,
    });
  });

  it('takes the mastery score from the primary objective only when it is satisfied by measure', () => {
    const manifest = manifestWith(
      item(
        'measured',
        `<imsss:sequencing><imsss:objectives>
          <imsss:primaryObjective objectiveID="pass" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure></imsss:primaryObjective>
        </imsss:objectives></imsss:sequencing>`,
      ) +
        item(
          'unmeasured',
          `<imsss:sequencing><imsss:objectives>
          <imsss:primaryObjective objectiveID="pass"><imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure></imsss:primaryObjective>
        </imsss:objectives></imsss:sequencing>`,
        ) +
        item(
          'default-measure',
          `<imsss:sequencing><imsss:objectives><imsss:primaryObjective satisfiedByMeasure="true"/></imsss:objectives></imsss:sequencing>`,
        ),
    );
    expect(manifest.scos.map((sco) => sco.masteryScore)).toEqual([0.7, null, 1]);
  });

  it('reads time limit action, data from the LMS, the attempt duration limit and hidden LMS controls', () => {
    const manifest = manifestWith(
      item(
        'i1',
        `<adlcp:timeLimitAction>continue,message</adlcp:timeLimitAction>
         <adlcp:dataFromLMS>mode=exam</adlcp:dataFromLMS>
         <imsss:sequencing><imsss:limitConditions attemptLimit="3" attemptAbsoluteDurationLimit="PT1H30M"/></imsss:sequencing>
         <adlnav:presentation><adlnav:navigationInterface>
           <adlnav:hideLMSUI>previous</adlnav:hideLMSUI><adlnav:hideLMSUI>continue</adlnav:hideLMSUI>
         </adlnav:navigationInterface></adlnav:presentation>`,
      ),
    );
    expect(manifest.scos[0]).toMatchObject({
      timeLimitAction: 'continue,message',
      dataFromLms: 'mode=exam',
      maxTimeAllowed: 'PT1H30M',
      presentation: { hideLmsUi: ['previous', 'continue'] },
      sequencing: { limitConditions: { attemptLimit: 3, attemptAbsoluteDurationLimit: 'PT1H30M' } },
    });
    expect(manifest.organizations[0]?.objectivesGlobalToSystem).toBe(false);
  });

  it('keeps random selection, limit conditions, rollup rules and exit rules as structured data', () => {
    const manifest = manifestWith(
      `<item identifier="pool"><title>Question pool</title>
        ${item('q1', '')}${item('q2', '')}${item('q3', '')}
        <imsss:sequencing>
          <imsss:controlMode choice="false" flow="true" forwardOnly="true"/>
          <imsss:sequencingRules>
            <imsss:exitConditionRule>
              <imsss:ruleConditions conditionCombination="all">
                <imsss:ruleCondition condition="attemptLimitExceeded"/>
                <imsss:ruleCondition referencedObjective="pool_obj" measureThreshold="0.6" operator="not" condition="objectiveMeasureGreaterThan"/>
              </imsss:ruleConditions>
              <imsss:ruleAction action="exit"/>
            </imsss:exitConditionRule>
          </imsss:sequencingRules>
          <imsss:limitConditions attemptLimit="2"/>
          <imsss:rollupRules rollupObjectiveSatisfied="true" objectiveMeasureWeight="0.5">
            <imsss:rollupRule childActivitySet="atLeastCount" minimumCount="2">
              <imsss:rollupConditions conditionCombination="any">
                <imsss:rollupCondition condition="satisfied"/>
                <imsss:rollupCondition operator="not" condition="attempted"/>
              </imsss:rollupConditions>
              <imsss:rollupAction action="satisfied"/>
            </imsss:rollupRule>
          </imsss:rollupRules>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="pool_obj" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure>
              <imsss:mapInfo targetObjectiveID="global.pool" readSatisfiedStatus="true" writeNormalizedMeasure="true"/>
            </imsss:primaryObjective>
            <imsss:objective objectiveID="extra"><imsss:mapInfo targetObjectiveID="global.extra" readNormalizedMeasure="false"/></imsss:objective>
          </imsss:objectives>
          <imsss:randomizationControls randomizationTiming="onEachNewAttempt" selectCount="2" reorderChildren="true" selectionTiming="onEachNewAttempt"/>
          <imsss:deliveryControls tracked="true"/>
          <adlseq:constrainedChoiceConsiderations preventActivation="true"/>
          <adlseq:rollupConsiderations requiredForSatisfied="ifAttempted" measureSatisfactionIfActive="false"/>
          <adlseq:objectives>
            <adlseq:objective objectiveID="pool_obj"><adlseq:mapInfo targetObjectiveID="global.pool" writeRawScore="true"/></adlseq:objective>
          </adlseq:objectives>
        </imsss:sequencing>
      </item>`,
    );
    const pool = manifest.organizations[0]?.items[0];
    expect(pool?.href).toBeNull();
    expect(pool?.sequencing).toEqual({
      controlMode: { choice: false, flow: true, forwardOnly: true },
      sequencingRules: {
        preConditionRules: [],
        exitConditionRules: [
          {
            conditionCombination: 'all',
            conditions: [
              { condition: 'attemptLimitExceeded' },
              {
                condition: 'objectiveMeasureGreaterThan',
                operator: 'not',
                referencedObjective: 'pool_obj',
                measureThreshold: 0.6,
              },
            ],
            action: 'exit',
          },
        ],
        postConditionRules: [],
      },
      limitConditions: { attemptLimit: 2 },
      rollupRules: {
        rollupObjectiveSatisfied: true,
        objectiveMeasureWeight: 0.5,
        rules: [
          {
            childActivitySet: 'atLeastCount',
            minimumCount: 2,
            conditionCombination: 'any',
            conditions: [{ condition: 'satisfied' }, { condition: 'attempted', operator: 'not' }],
            action: 'satisfied',
          },
        ],
      },
      objectives: {
        primary: {
          objectiveID: 'pool_obj',
          satisfiedByMeasure: true,
          minNormalizedMeasure: 0.6,
          mapInfo: [{ targetObjectiveID: 'global.pool', readSatisfiedStatus: true, writeNormalizedMeasure: true }],
        },
        objectives: [
          { objectiveID: 'extra', mapInfo: [{ targetObjectiveID: 'global.extra', readNormalizedMeasure: false }] },
        ],
      },
      randomizationControls: {
        randomizationTiming: 'onEachNewAttempt',
        selectCount: 2,
        reorderChildren: true,
        selectionTiming: 'onEachNewAttempt',
      },
      deliveryControls: { tracked: true },
      constrainedChoiceConsiderations: { preventActivation: true },
      rollupConsiderations: { requiredForSatisfied: 'ifAttempted', measureSatisfactionIfActive: false },
      adlObjectives: [
        { objectiveID: 'pool_obj', mapInfo: [{ targetObjectiveID: 'global.pool', writeRawScore: true }] },
      ],
    });
    expect(manifest.scos.map((sco) => [sco.itemId, sco.parentItemId])).toEqual([
      ['q1', 'pool'],
      ['q2', 'pool'],
      ['q3', 'pool'],
    ]);
  });

  it('applies a shared sequencing definition under the item’s own parts, rule kind by rule kind', () => {
    const manifest = manifestWith(
      item(
        'i1',
        `<imsss:sequencing IDRef="shared">
          <imsss:sequencingRules><imsss:postConditionRule>
            <imsss:ruleConditions><imsss:ruleCondition condition="always"/></imsss:ruleConditions>
            <imsss:ruleAction action="exitParent"/>
          </imsss:postConditionRule></imsss:sequencingRules>
        </imsss:sequencing>`,
      ),
      `<imsss:sequencingCollection><imsss:sequencing ID="shared">
        <imsss:sequencingRules><imsss:preConditionRule>
          <imsss:ruleConditions><imsss:ruleCondition condition="satisfied"/></imsss:ruleConditions>
          <imsss:ruleAction action="skip"/>
        </imsss:preConditionRule></imsss:sequencingRules>
        <imsss:objectives><imsss:primaryObjective objectiveID="o" satisfiedByMeasure="true">
          <imsss:minNormalizedMeasure>0.9</imsss:minNormalizedMeasure>
        </imsss:primaryObjective></imsss:objectives>
        <imsss:deliveryControls objectiveSetByContent="true"/>
      </imsss:sequencing></imsss:sequencingCollection>`,
    );
    const sco = manifest.scos[0];
    expect(sco?.masteryScore).toBe(0.9);
    expect(manifest.sequencingCollection.map((entry) => entry.id)).toEqual(['shared']);
    const resolved = resolveSequencing(sco?.sequencing ?? null, manifest.sequencingCollection);
    expect(resolved?.sequencingRules?.preConditionRules.map((rule) => rule.action)).toEqual(['skip']);
    expect(resolved?.sequencingRules?.postConditionRules.map((rule) => rule.action)).toEqual(['exitParent']);
    expect(resolved?.deliveryControls).toEqual({ objectiveSetByContent: true });
    expect(resolved).not.toHaveProperty('id');
  });
});
