import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScormPackageError } from './scorm.errors.ts';
import { appendLaunchParameters, resolvePackageHref, toPackageUrl } from './scorm-href.ts';

function escapeReason(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof ScormPackageError ? error.reason : 'other error';
  }
}

describe('resolving manifest hrefs inside the package', () => {
  it('keeps a plain href and separates its query and fragment', () => {
    expect(resolvePackageHref('shared/launchpage.html?content=playing#top')).toEqual({
      path: 'shared/launchpage.html',
      suffix: '?content=playing#top',
    });
  });

  it('combines xml:base values from the outside in, treating each as a folder', () => {
    expect(resolvePackageHref('page.html', ['course/', 'content', null, 'unit1/']).path).toBe(
      'course/content/unit1/page.html',
    );
  });

  it('lets hrefs and bases climb with ../ as long as they stay in the package', () => {
    expect(resolvePackageHref('../shared/a.js', ['course/', 'lessons/']).path).toBe('course/shared/a.js');
    expect(resolvePackageHref('../../common/a.js', ['course/lessons/', './unit/']).path).toBe('course/common/a.js');
    expect(resolvePackageHref('page.html', ['course/', '../other/']).path).toBe('other/page.html');
  });

  it('decodes percent-escapes and Windows separators, and encodes the launch URL again', () => {
    const resolved = resolvePackageHref('my%20content\\first page.html?x=a%20b');
    expect(resolved).toEqual({ path: 'my content/first page.html', suffix: '?x=a%20b' });
    expect(toPackageUrl(resolved)).toBe('my%20content/first%20page.html?x=a%20b');
  });

  it.each([
    ['../evil.html', []],
    ['a/../../evil.html', []],
    ['/etc/passwd', []],
    ['\\\\server\\share\\page.html', []],
    ['C:/Windows/page.html', []],
    ['http://example.com/page.html', []],
    ['javascript:alert(1)', []],
    ['%2e%2e/evil.html', []],
    ['..%2fevil.html', []],
    ['page.html', ['../']],
    ['page.html', ['/var/www/']],
    ['../../../page.html', ['a/', 'b/']],
  ])('refuses %s (bases %j) as outside the package', (href, bases) => {
    expect(escapeReason(() => resolvePackageHref(href, bases))).toBe('path_escape');
  });
});

describe('appending item parameters to a launch URL', () => {
  it.each([
    ['a.html', '?x=1', 'a.html?x=1'],
    ['a.html', 'x=1', 'a.html?x=1'],
    ['a.html', '&x=1', 'a.html?x=1'],
    ['a.html?y=2', '?x=1', 'a.html?y=2&x=1'],
    ['a.html?y=2', '&x=1', 'a.html?y=2&x=1'],
    ['a.html?y=2', 'x=1', 'a.html?y=2&x=1'],
    ['a.html?', 'x=1', 'a.html?x=1'],
    ['a.html', '#page2', 'a.html#page2'],
    ['a.html#page1', '#page2', 'a.html#page1'],
    ['a.html#page1', '?x=1', 'a.html?x=1#page1'],
    ['a.html', '?x=1#page2', 'a.html?x=1#page2'],
    ['a.html', '   ', 'a.html'],
    ['a.html', null, 'a.html'],
  ])('%s with %j launches %s', (url, parameters, expected) => {
    expect(appendLaunchParameters(url, parameters)).toBe(expected);
  });
});

const segment = fc.oneof(
  fc.constantFrom('..', '.', '', 'a', 'b c', '%2e%2e', '%2E%2E', '%2F..', '..%5C', 'C:', '%00', 'x?y', 'z#w', '\\..'),
  fc.string({ maxLength: 6 }),
);
const relativeish = fc
  .tuple(fc.array(segment, { maxLength: 6 }), fc.constantFrom('/', '\\'))
  .map(([segments, separator]) => segments.join(separator));

describe('href resolution under arbitrary input', () => {
  it('never yields a path outside the package root: it resolves inside or refuses with path_escape', () => {
    const root = path.resolve('/srv/packages/p1');
    fc.assert(
      fc.property(fc.array(fc.option(relativeish), { maxLength: 3 }), relativeish, (bases, href) => {
        let resolved: ReturnType<typeof resolvePackageHref>;
        try {
          resolved = resolvePackageHref(href, bases);
        } catch (error) {
          expect(error).toBeInstanceOf(ScormPackageError);
          expect((error as ScormPackageError).reason).toBe('path_escape');
          return;
        }
        const segments = resolved.path.split('/');
        expect(segments.every((part) => part !== '..' && part !== '.')).toBe(true);
        expect(resolved.path.startsWith('/')).toBe(false);
        expect(resolved.path.includes('\\')).toBe(false);
        const onDisk = path.resolve(root, ...segments);
        expect(onDisk === root || onDisk.startsWith(`${root}${path.sep}`)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('lands where it started after climbing into and back out of folders', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9_-]{0,7}$/);
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 1, maxLength: 4 }),
        fc.array(name, { maxLength: 4 }),
        (target, detour) => {
          const href = [...detour, ...detour.map(() => '..'), ...target].join('/');
          expect(resolvePackageHref(href).path).toBe(target.join('/'));
        },
      ),
    );
  });

  it('keeps every query pair of the href and the parameters, in order', () => {
    const pair = fc
      .tuple(fc.stringMatching(/^[a-z]{1,5}$/), fc.stringMatching(/^[a-z0-9]{0,5}$/))
      .map(([key, value]) => `${key}=${value}`);
    fc.assert(
      fc.property(
        fc.array(pair, { maxLength: 3 }),
        fc.array(pair, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('', '?', '&'),
        (own, extra, lead) => {
          const url = own.length > 0 ? `a.html?${own.join('&')}` : 'a.html';
          const launched = new URL(appendLaunchParameters(url, `${lead}${extra.join('&')}`), 'https://lms.example/');
          expect([...launched.searchParams].map(([key, value]) => `${key}=${value}`)).toEqual([...own, ...extra]);
        },
      ),
    );
  });
});
