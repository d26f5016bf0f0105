import { ScormPackageError } from './scorm.errors.ts';

/** A reference from the manifest to a file in the package. */
export interface PackageHref {
  /** Package-relative file path, percent-decoded and normalised: no leading slash, no `.` or `..` segments. */
  path: string;
  /** The query and fragment as written (`''` when there are none), e.g. `?content=playing`. */
  suffix: string;
}

// A scheme also catches Windows drive letters (`C:`), which look like one-letter schemes.
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Resolves an href against the `xml:base` values that apply to it (outermost first) into a path inside the
 * package. Each base is treated as a folder, so `xml:base="content"` and `xml:base="content/"` mean the same.
 * Throws `path_escape` for absolute paths, URLs and anything that climbs above the package root.
 */
export function resolvePackageHref(href: string, bases: ReadonlyArray<string | null | undefined> = []): PackageHref {
  const { path: hrefPath, suffix } = splitSuffix(href.trim());
  const folders = bases
    .map((base) => splitSuffix(base?.trim() ?? '').path)
    .filter((base) => base !== '')
    .map((base) => (base.endsWith('/') || base.endsWith('\\') ? base : `${base}/`));

  for (const part of [...folders, hrefPath]) assertRelative(part, href);
  const rawSegments = [...folders, hrefPath].join('').split(/[\\/]/);
  const decodedSegments = rawSegments.flatMap((segment) => decodeSegment(segment).split(/[\\/]/));
  if (decodedSegments.some((segment) => segment.includes('\0'))) throw escapeError(href);

  const segments: string[] = [];
  for (const segment of decodedSegments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) throw escapeError(href);
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return { path: segments.join('/'), suffix };
}

/** The URL of a package file relative to the package root, with each path segment percent-encoded. */
export function toPackageUrl({ path, suffix }: PackageHref): string {
  return path.split('/').map(encodeURIComponent).join('/') + suffix;
}

/**
 * Adds an item's `parameters` to a launch URL as the IMS content packaging guide describes: a leading `?` or `&`
 * is dropped and the rest joins an existing query with `&` (or starts one with `?`); a `#fragment` is used only
 * when the URL has none. The query is placed before any fragment so the URL stays valid.
 */
export function appendLaunchParameters(url: string, parameters: string | null | undefined): string {
  const trimmed = parameters?.trim() ?? '';
  if (trimmed === '') return url;

  const hashAt = url.indexOf('#');
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const fragment = hashAt < 0 ? '' : url.slice(hashAt);

  const paramHashAt = trimmed.indexOf('#');
  const paramQuery = (paramHashAt < 0 ? trimmed : trimmed.slice(0, paramHashAt)).replace(/^[?&]+/, '');
  const paramFragment = paramHashAt < 0 ? '' : trimmed.slice(paramHashAt);

  let joined = base;
  if (paramQuery !== '') {
    const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
    joined = `${base}${separator}${paramQuery}`;
  }
  return joined + (fragment !== '' ? fragment : paramFragment);
}

function splitSuffix(href: string): PackageHref {
  const at = href.search(/[?#]/);
  return at < 0 ? { path: href, suffix: '' } : { path: href.slice(0, at), suffix: href.slice(at) };
}

function assertRelative(part: string, href: string): void {
  const slashed = part.replace(/\\/g, '/');
  if (slashed.startsWith('/') || URL_SCHEME.test(slashed)) throw escapeError(href);
}

// Authors write both `my%20page.html` and `my page.html`; malformed escapes are taken literally.
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function escapeError(href: string): ScormPackageError {
  return new ScormPackageError('path_escape', `The manifest refers to "${href}", which is outside the package.`);
}
