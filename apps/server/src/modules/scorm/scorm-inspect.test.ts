import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listFolder, makeWorkDir, scorm12Manifest, scorm2004Manifest } from './scorm.testing.ts';
import { ONE_PAGE_12, packageInspector, page } from './scorm-inspect.testing.ts';
import { resolveSequencing } from './scorm-sequencing.ts';

let workDir: string;
let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ dir: workDir, cleanUp } = await makeWorkDir());
});
afterEach(async () => {
  await cleanUp();
});

const { targetDir, inspectBuilt, inspectSample } = packageInspector(() => workDir);

describe('importing the published Golf Explained samples', () => {
  it('golf12-singlesco: one SCORM 1.2 SCO launching shared/launchpage.html', async () => {
    const { manifest, rootPrefix, fileCount } = await inspectSample('golf12-singlesco.zip');
    expect(manifest.version).toBe('1.2');
    expect(rootPrefix).toBe('');
    expect(fileCount).toBeGreaterThan(40);
    expect(manifest.title).toBe('Golf Explained - CP Single SCO');
    expect(manifest.scos).toHaveLength(1);
    expect(manifest.scos[0]).toMatchObject({
      itemId: 'item_1',
      href: 'shared/launchpage.html',
      scormType: 'sco',
      isVisible: true,
    });
    expect(existsSync(path.join(targetDir(), 'shared/launchpage.html'))).toBe(true);
  });

  it('golf12-minimum-calls: 18 SCOs under 4 aggregations, quizzes sharing one page with parameters', async () => {
    const { manifest } = await inspectSample('golf12-minimum-calls.zip');
    expect(manifest.version).toBe('1.2');
    expect(manifest.scos).toHaveLength(18);
    const [organization] = manifest.organizations;
    expect(organization?.items.map((item) => [item.id, item.href, item.children.length])).toEqual([
      ['playing_item', null, 6],
      ['etiquette_item', null, 4],
      ['handicapping_item', null, 5],
      ['havingfun_item', null, 3],
    ]);
    expect(organization?.items.every((item) => item.children.every((child) => child.children.length === 0))).toBe(true);

    const quizzes = manifest.scos.filter((sco) => sco.launchPath === 'shared/assessmenttemplate.html');
    expect(quizzes.map((sco) => sco.href)).toEqual([
      'shared/assessmenttemplate.html?questions=Playing',
      'shared/assessmenttemplate.html?questions=Etiquette',
      'shared/assessmenttemplate.html?questions=Handicapping',
      'shared/assessmenttemplate.html?questions=HavingFun',
    ]);
    expect(quizzes[0]?.parameters).toBe('?questions=Playing');
  });

  it('golf12-minimum-calls imports although one resource does not list the page it launches', async () => {
    const { manifest } = await inspectSample('golf12-minimum-calls.zip');
    const unlisted = manifest.resources.filter(
      (resource) => resource.launchPath !== null && !resource.files.includes(resource.launchPath),
    );
    expect(unlisted.map((resource) => resource.id)).toContain('handicapping_example_resource');
    expect(existsSync(path.join(targetDir(), 'Handicapping/CalculatingScore.html'))).toBe(true);
  });

  it('golf2004-3rd-runtime-basic: one SCORM 2004 3rd edition SCO under an organization with control mode', async () => {
    const { manifest } = await inspectSample('golf2004-3rd-runtime-basic.zip');
    expect(manifest.version).toBe('2004-3rd');
    expect(manifest.scos).toHaveLength(1);
    expect(manifest.scos[0]).toMatchObject({
      href: 'shared/launchpage.html',
      sequencing: { deliveryControls: { completionSetByContent: true, objectiveSetByContent: true } },
    });
    expect(manifest.organizations[0]).toMatchObject({
      objectivesGlobalToSystem: false,
      sequencing: { controlMode: { choice: true, flow: true } },
    });
  });

  it('golf2004-3rd-simple-remediation: 8 SCOs on 5 launch URLs with remediation rules and global objectives', async () => {
    const { manifest } = await inspectSample('golf2004-3rd-simple-remediation.zip');
    expect(manifest.version).toBe('2004-3rd');
    expect(manifest.scos).toHaveLength(8);
    const launchedResources = new Set(manifest.scos.map((sco) => sco.resourceId));
    const resourceHrefs = manifest.resources
      .filter((resource) => launchedResources.has(resource.id))
      .map((resource) => resource.href);
    expect(new Set(resourceHrefs).size).toBe(5);
    expect(new Set(manifest.scos.map((sco) => sco.launchPath))).toEqual(new Set(['shared/launchpage.html']));
    expect(manifest.scos.map((sco) => sco.href)).toContain('shared/launchpage.html?content=assessment1');

    const wrapper = manifest.organizations[0]?.items[0];
    expect(wrapper).toMatchObject({ id: 'content_wrapper', isVisible: false, href: null });
    expect(wrapper?.sequencing?.controlMode).toEqual({ choice: false, flow: true, choiceExit: false });
    expect(wrapper?.sequencing?.sequencingRules?.postConditionRules.map((rule) => rule.action)).toEqual([
      'retry',
      'exitAll',
    ]);

    expect(manifest.sequencingCollection.map((entry) => entry.id)).toEqual(['content_seq_rules', 'test_seq_rules']);
    const lastTest = manifest.scos.find((sco) => sco.itemId === 'test_4');
    const resolved = resolveSequencing(lastTest?.sequencing ?? null, manifest.sequencingCollection);
    expect(resolved?.sequencingRules?.preConditionRules.map((rule) => rule.action)).toEqual(['skip']);
    expect(resolved?.sequencingRules?.postConditionRules.map((rule) => rule.action)).toEqual(['exitParent']);
    expect(resolved?.objectives?.primary?.mapInfo).toEqual([
      {
        targetObjectiveID: 'com.scorm.golfsamples.sequencing.simpleremediation.20043rd.havingfun_satisfied',
        readSatisfiedStatus: true,
        writeSatisfiedStatus: true,
        writeNormalizedMeasure: true,
      },
    ]);
    expect(resolved?.rollupConsiderations).toEqual({ requiredForCompleted: 'ifNotSkipped' });
  });
});

describe('importing packages built the way authoring tools build them', () => {
  it('resolves xml:base at several levels and hrefs that climb with ../ to files in the package', async () => {
    const manifest = scorm12Manifest(
      `<organizations default="org"><organization identifier="org"><title>Course</title>
        <item identifier="i1" identifierref="r1" parameters="?lang=en"><title>Lesson</title></item>
      </organization></organizations>
      <resources xml:base="lessons/">
        <resource identifier="r1" type="webcontent" adlcp:scormtype="sco" xml:base="one/" href="../../shared/player.html?lesson=1">
          <file xml:base="media/" href="clip.txt"/>
        </resource>
      </resources>`,
      { base: 'content/' },
    );
    const { manifest: parsed } = await inspectBuilt([
      { name: 'imsmanifest.xml', content: manifest },
      page('content/shared/player.html'),
      page('content/lessons/one/media/clip.txt'),
    ]);
    expect(parsed.scos[0]).toMatchObject({
      href: 'content/shared/player.html?lesson=1&lang=en',
      launchPath: 'content/shared/player.html',
    });
    expect(parsed.resources[0]?.files).toEqual(['content/lessons/one/media/clip.txt']);
  });

  it('keeps hidden items, falls back to the first organization and launches parent items', async () => {
    const manifest = scorm12Manifest(`
      <organizations default="not-there">
        <organization identifier="main"><title>Main</title>
          <item identifier="module" identifierref="overview"><title>Module overview</title>
            <item identifier="lesson" identifierref="lesson"><title>Lesson</title></item>
            <item identifier="hidden" identifierref="lesson" isvisible="false" parameters="mode=review"><title>Review</title></item>
          </item>
        </organization>
        <organization identifier="alt"><title>Alternative</title>
          <item identifier="alt-lesson" identifierref="lesson"><title>Lesson</title></item>
        </organization>
      </organizations>
      <resources>
        <resource identifier="overview" type="webcontent" adlcp:scormtype="sco" href="overview.html"/>
        <resource identifier="lesson" type="webcontent" adlcp:scormtype="sco" href="lesson.html"/>
      </resources>`);
    const { manifest: parsed } = await inspectBuilt([
      { name: 'imsmanifest.xml', content: manifest },
      page('overview.html'),
      page('lesson.html'),
    ]);
    expect(parsed.defaultOrganizationId).toBe('main');
    expect(parsed.title).toBe('Main');
    expect(
      parsed.scos.map((sco) => [sco.organizationId, sco.itemId, sco.parentItemId, sco.isVisible, sco.href]),
    ).toEqual([
      ['main', 'module', null, true, 'overview.html'],
      ['main', 'lesson', 'module', true, 'lesson.html'],
      ['main', 'hidden', 'module', false, 'lesson.html?mode=review'],
      ['alt', 'alt-lesson', null, true, 'lesson.html'],
    ]);
  });

  it('ignores __MACOSX and .DS_Store entries from a macOS-made ZIP', async () => {
    const result = await inspectBuilt([
      { name: 'imsmanifest.xml', content: scorm12Manifest(ONE_PAGE_12) },
      page('index.html'),
      { name: '.DS_Store', content: 'junk' },
      { name: '__MACOSX/._index.html', content: 'junk' },
      { name: '__MACOSX/._imsmanifest.xml', content: 'junk' },
    ]);
    expect(result.fileCount).toBe(2);
    expect(await listFolder(targetDir())).toEqual(['imsmanifest.xml', 'index.html']);
  });

  it('imports a package whose items are all assets', async () => {
    const manifest = scorm12Manifest(`
      <organizations default="org"><organization identifier="org"><title>Reading list</title>
        <item identifier="a" identifierref="ra"><title>A</title></item>
        <item identifier="b" identifierref="rb"><title>B</title></item>
      </organization></organizations>
      <resources>
        <resource identifier="ra" type="webcontent" adlcp:scormtype="asset" href="a.pdf"/>
        <resource identifier="rb" type="webcontent" adlcp:scormtype="asset" href="b.html"/>
      </resources>`);
    const { manifest: parsed } = await inspectBuilt([
      { name: 'imsmanifest.xml', content: manifest },
      page('a.pdf'),
      page('b.html'),
    ]);
    expect(parsed.scos.map((sco) => sco.scormType)).toEqual(['asset', 'asset']);
  });

  it('reads only the root manifest when bundled content has its own imsmanifest.xml deeper down', async () => {
    const deeper = scorm12Manifest(ONE_PAGE_12.replace('<title>Course</title>', '<title>Bundled</title>'), {
      identifier: 'bundled',
    });
    const result = await inspectBuilt([
      { name: 'imsmanifest.xml', content: scorm12Manifest(ONE_PAGE_12) },
      page('index.html'),
      { name: 'vendor/bundled/imsmanifest.xml', content: deeper },
    ]);
    expect(result.manifest.identifier).toBe('com.example.course12');
    expect(result.manifest.title).toBe('Course');
    expect(result.fileCount).toBe(3);
  });

  it('imports a package zipped with its single top-level folder', async () => {
    const result = await inspectBuilt([
      { name: 'golf-course/imsmanifest.xml', content: scorm12Manifest(ONE_PAGE_12) },
      page('golf-course/index.html'),
    ]);
    expect(result.rootPrefix).toBe('golf-course/');
    expect(result.manifest.scos[0]?.href).toBe('index.html');
    expect(existsSync(path.join(targetDir(), result.rootPrefix, 'index.html'))).toBe(true);
  });

  it('imports a SCORM 2004 package with random selection, limit conditions and rollup rules', async () => {
    const manifest = scorm2004Manifest(`
      <organizations default="org"><organization identifier="org"><title>Assessment</title>
        <item identifier="pool"><title>Pool</title>
          <item identifier="q1" identifierref="q"><title>Q1</title></item>
          <item identifier="q2" identifierref="q"><title>Q2</title></item>
          <imsss:sequencing>
            <imsss:limitConditions attemptLimit="2"/>
            <imsss:rollupRules><imsss:rollupRule childActivitySet="all">
              <imsss:rollupConditions><imsss:rollupCondition condition="satisfied"/></imsss:rollupConditions>
              <imsss:rollupAction action="satisfied"/>
            </imsss:rollupRule></imsss:rollupRules>
            <imsss:randomizationControls selectCount="1" selectionTiming="onEachNewAttempt"/>
          </imsss:sequencing>
        </item>
      </organization></organizations>
      <resources><resource identifier="q" type="webcontent" adlcp:scormType="sco" href="question.html"/></resources>`);
    const { manifest: parsed } = await inspectBuilt([
      { name: 'imsmanifest.xml', content: manifest },
      page('question.html'),
    ]);
    expect(parsed.version).toBe('2004-4th');
    expect(parsed.organizations[0]?.items[0]?.sequencing).toEqual({
      limitConditions: { attemptLimit: 2 },
      rollupRules: {
        rules: [{ childActivitySet: 'all', conditions: [{ condition: 'satisfied' }], action: 'satisfied' }],
      },
      randomizationControls: { selectCount: 1, selectionTiming: 'onEachNewAttempt' },
    });
    expect(parsed.scos).toHaveLength(2);
  });
});
