import { describe, expect, it } from 'vitest';
import { ScormPackageError } from './scorm.errors.ts';
import { scorm12Manifest, scorm2004Manifest } from './scorm.testing.ts';
import { assertLaunchFilesExist, parseScormManifest } from './scorm-manifest.ts';

function failureOf(run: () => unknown): { reason: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ScormPackageError) return { reason: error.reason, message: error.message };
    throw error;
  }
  throw new Error('expected a ScormPackageError');
}

const ONE_SCO_12 = `
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="i1" identifierref="r1"><title>Lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>`;

const ONE_SCO_2004 = `
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="i1" identifierref="r1"><title>Lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="index.html"/></resources>`;

describe('recognising the SCORM version', () => {
  it.each([
    ['2004 4th Edition', '2004-4th'],
    ['2004 3rd Edition', '2004-3rd'],
    ['CAM 1.3', '2004-2nd'],
    ['SCORM 2004', '2004-4th'],
  ])('reads schemaversion "%s" as %s', (schemaVersion, version) => {
    expect(parseScormManifest(scorm2004Manifest(ONE_SCO_2004, { schemaVersion })).version).toBe(version);
  });

  it('reads a SCORM 1.2 manifest as 1.2', () => {
    expect(parseScormManifest(scorm12Manifest(ONE_SCO_12)).version).toBe('1.2');
  });

  it('falls back to the ADL namespaces when the manifest has no schemaversion', () => {
    const without = (xml: string) => xml.replace(/<metadata>[\s\S]*?<\/metadata>/, '');
    expect(parseScormManifest(without(scorm12Manifest(ONE_SCO_12))).version).toBe('1.2');
    expect(parseScormManifest(without(scorm2004Manifest(ONE_SCO_2004))).version).toBe('2004-4th');
  });

  it('rejects a package that names another version or none at all', () => {
    const plainContentPackage = `<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1">
      <metadata><schema>IMS Content</schema><schemaversion>1.1</schemaversion></metadata>${ONE_SCO_2004.replace(' adlcp:scormType="sco"', '')}</manifest>`;
    const failure = failureOf(() => parseScormManifest(plainContentPackage));
    expect(failure.reason).toBe('unsupported_version');
    expect(failure.message).toContain('"1.1"');

    const unnamed = plainContentPackage.replace(/<metadata>[\s\S]*?<\/metadata>/, '');
    expect(failureOf(() => parseScormManifest(unnamed)).reason).toBe('unsupported_version');
  });

  it('resolves namespaces rather than trusting prefixes', () => {
    const xml = `<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
        xmlns:scorm="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:ss="http://www.imsglobal.org/xsd/imsss">
      <organizations default="org"><organization identifier="org"><title>Course</title>
        <item identifier="i1" identifierref="r1"><title>Lesson</title>
          <ss:sequencing><ss:controlMode flow="true"/></ss:sequencing>
        </item>
      </organization></organizations>
      <resources><resource identifier="r1" type="webcontent" scorm:scormType="asset" href="index.html"/></resources>
    </manifest>`;
    const manifest = parseScormManifest(xml);
    expect(manifest.version).toBe('2004-4th');
    expect(manifest.scos[0]).toMatchObject({ scormType: 'asset', sequencing: { controlMode: { flow: true } } });
  });
});

describe('reading organizations and items', () => {
  it('uses the first organization when organizations@default names none of them', () => {
    const manifest = parseScormManifest(
      scorm12Manifest(`
      <organizations default="missing">
        <organization identifier="first"><title>First</title><item identifier="a" identifierref="r1"><title>A</title></item></organization>
        <organization identifier="second"><title>Second</title><item identifier="b" identifierref="r1"><title>B</title></item></organization>
      </organizations>
      <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>`),
    );
    expect(manifest.defaultOrganizationId).toBe('first');
    expect(manifest.title).toBe('First');
    expect(manifest.organizations.map((organization) => organization.id)).toEqual(['first', 'second']);
    expect(manifest.scos.map((sco) => [sco.organizationId, sco.itemId])).toEqual([
      ['first', 'a'],
      ['second', 'b'],
    ]);
  });

  it('uses the organization organizations@default names', () => {
    const manifest = parseScormManifest(
      scorm12Manifest(`
      <organizations default="second">
        <organization identifier="first"><title>First</title></organization>
        <organization identifier="second"><title>Second</title><item identifier="b" identifierref="r1"><title>B</title></item></organization>
      </organizations>
      <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>`),
    );
    expect(manifest.defaultOrganizationId).toBe('second');
    expect(manifest.title).toBe('Second');
  });

  it('keeps items nested at any depth and lists parents that launch content before their children', () => {
    const depth = 8;
    const nested = Array.from(
      { length: depth },
      (_, level) => `<item identifier="level${level}"><title>Level ${level}</title>`,
    )
      .join('')
      .concat('<item identifier="leaf" identifierref="r1"><title>Leaf</title></item>', '</item>'.repeat(depth));
    const manifest = parseScormManifest(
      scorm12Manifest(`
      <organizations default="org"><organization identifier="org"><title>Course</title>
        ${nested}
        <item identifier="chapter" identifierref="intro"><title>Chapter with its own page</title>
          <item identifier="section" identifierref="r1"><title>Section</title></item>
        </item>
      </organization></organizations>
      <resources>
        <resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="lesson.html"/>
        <resource identifier="intro" type="webcontent" adlcp:scormtype="asset" href="intro.html"/>
      </resources>`),
    );
    let node = manifest.organizations[0]?.items[0];
    for (let level = 1; level < depth; level += 1) node = node?.children[0];
    expect(node?.children[0]).toMatchObject({ id: 'leaf', href: 'lesson.html' });

    const chapter = manifest.organizations[0]?.items[1];
    expect(chapter).toMatchObject({ id: 'chapter', href: 'intro.html', scormType: 'asset' });
    expect(chapter?.children.map((child) => child.id)).toEqual(['section']);
    expect(manifest.scos.map((sco) => [sco.itemId, sco.parentItemId])).toEqual([
      ['leaf', 'level7'],
      ['chapter', null],
      ['section', 'chapter'],
    ]);
  });

  it('marks items with isvisible="false" as hidden but still launchable', () => {
    const manifest = parseScormManifest(
      scorm12Manifest(`
      <organizations default="org"><organization identifier="org"><title>Course</title>
        <item identifier="hidden" identifierref="r1" isvisible="false"><title>Hidden</title></item>
        <item identifier="shown" identifierref="r1" isvisible="true"><title>Shown</title></item>
        <item identifier="default" identifierref="r1"><title>Default</title></item>
      </organization></organizations>
      <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>`),
    );
    expect(manifest.organizations[0]?.items.map((item) => item.isVisible)).toEqual([false, true, true]);
    expect(manifest.scos.map((sco) => [sco.itemId, sco.isVisible])).toEqual([
      ['hidden', false],
      ['shown', true],
      ['default', true],
    ]);
  });

  it('reads sco and asset resources, treating a missing scormtype as a SCO', () => {
    const manifest = parseScormManifest(
      scorm12Manifest(`
      <organizations default="org"><organization identifier="org"><title>Course</title>
        <item identifier="a" identifierref="asset"><title>A</title></item>
        <item identifier="b" identifierref="untyped"><title>B</title></item>
      </organization></organizations>
      <resources>
        <resource identifier="asset" type="webcontent" adlcp:scormtype="asset" href="a.html"/>
        <resource identifier="untyped" type="webcontent" href="b.html"/>
        <resource identifier="shared" type="webcontent" adlcp:scormtype="asset"><file href="shared/style.css"/></resource>
      </resources>`),
    );
    expect(manifest.scos.map((sco) => sco.scormType)).toEqual(['asset', 'sco']);
    expect(manifest.resources.find((resource) => resource.id === 'shared')).toMatchObject({
      href: null,
      files: ['shared/style.css'],
    });
  });

  it('decodes the predefined entities in parameters and titles', () => {
    const manifest = parseScormManifest(
      scorm12Manifest(`
      <organizations default="org"><organization identifier="org"><title>Q&amp;A &#8211; <![CDATA[Part <1>]]></title>
        <item identifier="i1" identifierref="r1" parameters="?a=1&amp;b=2"><title>Lesson</title></item>
      </organization></organizations>
      <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>`),
    );
    expect(manifest.title).toBe('Q&A \u2013 Part <1>');
    expect(manifest.scos[0]).toMatchObject({ parameters: '?a=1&b=2', href: 'index.html?a=1&b=2' });
  });
});

describe('resolving resource hrefs', () => {
  it('combines xml:base at manifest, resources, resource and file level, including hrefs that climb with ../', () => {
    const manifest = parseScormManifest(
      scorm12Manifest(
        `
      <organizations default="org"><organization identifier="org"><title>Course</title>
        <item identifier="i1" identifierref="r1" parameters="page=2"><title>Lesson</title></item>
      </organization></organizations>
      <resources xml:base="modules/">
        <resource identifier="r1" type="webcontent" adlcp:scormtype="sco" xml:base="unit1/" href="../shared/player.html?mode=sco">
          <file href="../shared/player.html"/>
          <file xml:base="media/" href="intro.mp4"/>
        </resource>
      </resources>`,
        { base: 'content/' },
      ),
    );
    expect(manifest.resources[0]).toMatchObject({
      href: 'content/modules/shared/player.html?mode=sco',
      launchPath: 'content/modules/shared/player.html',
      files: ['content/modules/shared/player.html', 'content/modules/unit1/media/intro.mp4'],
    });
    expect(manifest.scos[0]).toMatchObject({
      href: 'content/modules/shared/player.html?mode=sco&page=2',
      launchPath: 'content/modules/shared/player.html',
    });
  });

  it('refuses an href that climbs out of the package', () => {
    const xml = scorm12Manifest(ONE_SCO_12.replace('href="index.html"', 'href="../../outside.html"'), { base: 'a/' });
    expect(failureOf(() => parseScormManifest(xml)).reason).toBe('path_escape');
  });

  it('reports launch files the package lacks, whatever the resource file lists say', () => {
    const manifest = parseScormManifest(
      scorm12Manifest(`
      <organizations default="org"><organization identifier="org"><title>Course</title>
        <item identifier="i1" identifierref="r1"><title>Lesson</title></item>
      </organization></organizations>
      <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="start.html?x=1">
        <file href="listed-only.html"/>
      </resource></resources>`),
    );
    expect(() => assertLaunchFilesExist(manifest, new Set(['start.html']))).not.toThrow();
    const failure = failureOf(() => assertLaunchFilesExist(manifest, new Set(['listed-only.html'])));
    expect(failure).toEqual({
      reason: 'missing_launch_file',
      message: 'The manifest launches "start.html", which the package does not contain.',
    });
  });
});

describe('reading SCORM 1.2 launch data', () => {
  it('reads mastery score, time limits, data from the LMS and prerequisites', () => {
    const manifest = parseScormManifest(
      scorm12Manifest(`
      <organizations default="org"><organization identifier="org"><title>Course</title>
        <item identifier="i1" identifierref="r1"><title>Quiz</title>
          <adlcp:masteryscore>80</adlcp:masteryscore>
          <adlcp:maxtimeallowed>00:30:00</adlcp:maxtimeallowed>
          <adlcp:timelimitaction>exit,message</adlcp:timelimitaction>
          <adlcp:datafromlms>level=2</adlcp:datafromlms>
          <adlcp:prerequisites type="aicc_script">intro</adlcp:prerequisites>
        </item>
      </organization></organizations>
      <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="quiz.html"/></resources>`),
    );
    expect(manifest.scos[0]).toMatchObject({
      masteryScore: 80,
      maxTimeAllowed: '00:30:00',
      timeLimitAction: 'exit,message',
      dataFromLms: 'level=2',
      prerequisites: 'intro',
      completionThreshold: null,
      sequencing: null,
    });
  });
});

describe('refusing unsafe or broken manifests', () => {
  it('refuses a DOCTYPE that declares entities without expanding them (billion laughs)', () => {
    const laughs = Array.from(
      { length: 9 },
      (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`,
    ).join('');
    const xml = scorm12Manifest(ONE_SCO_12.replace('<title>Course</title>', '<title>&lol9;</title>')).replace(
      '<manifest',
      `<!DOCTYPE manifest [<!ENTITY lol0 "lol">${laughs}]>\n<manifest`,
    );
    const started = performance.now();
    const failure = failureOf(() => parseScormManifest(xml));
    expect(failure.reason).toBe('malformed_manifest');
    expect(failure.message).toContain('DOCTYPE');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('ignores an external DOCTYPE without reading it and leaves unknown entities unexpanded', () => {
    const xml = scorm12Manifest(ONE_SCO_12.replace('<title>Course</title>', '<title>Course &custom;</title>')).replace(
      '<manifest',
      '<!DOCTYPE manifest SYSTEM "http://example.com/manifest.dtd">\n<manifest',
    );
    expect(parseScormManifest(xml).title).toBe('Course &custom;');
  });

  it.each([
    ['an unclosed element', scorm12Manifest(ONE_SCO_12).replace('</organizations>', '')],
    ['text that is not XML', 'this is not a manifest'],
    ['another root element', '<package identifier="x"/>'],
    [
      'an item pointing to no resource',
      scorm12Manifest(ONE_SCO_12.replace('identifierref="r1"', 'identifierref="nope"')),
    ],
    ['an item without identifier', scorm12Manifest(ONE_SCO_12.replace('identifier="i1" ', ''))],
    [
      'two items with one identifier',
      scorm12Manifest(
        ONE_SCO_12.replace('</item>', '</item><item identifier="i1" identifierref="r1"><title>x</title></item>'),
      ),
    ],
    ['a launched resource without href', scorm12Manifest(ONE_SCO_12.replace(' href="index.html"', ''))],
  ])('reports %s as a malformed manifest', (_, xml) => {
    expect(failureOf(() => parseScormManifest(xml)).reason).toBe('malformed_manifest');
  });

  it('reads manifests saved as UTF-16 or Latin-1', () => {
    const xml = scorm12Manifest(ONE_SCO_12.replace('<title>Course</title>', '<title>Café</title>'));
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml.replace('UTF-8', 'UTF-16'), 'utf16le')]);
    expect(parseScormManifest(utf16).title).toBe('Café');
    const latin1 = Buffer.from(xml.replace('UTF-8', 'ISO-8859-1'), 'latin1');
    expect(parseScormManifest(latin1).title).toBe('Café');
  });
});
