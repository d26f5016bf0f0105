import { ScormPackageError } from './scorm.errors.ts';
import { appendLaunchParameters, type PackageHref, resolvePackageHref, toPackageUrl } from './scorm-href.ts';
import {
  parseBoolean,
  parseDecimal,
  parseSequencing,
  resolveSequencing,
  type ScormSequencing,
} from './scorm-sequencing.ts';
import {
  attributeOf,
  childOf,
  childrenOf,
  decodeXmlBytes,
  parseXmlDocument,
  SCORM_NAMESPACES,
  type XmlElement,
} from './scorm-xml.ts';

export type ScormVersion = '1.2' | '2004-2nd' | '2004-3rd' | '2004-4th';
export type ScormType = 'sco' | 'asset';

/** `adlcp:completionThreshold`; the 3rd edition's text form (`0.8`) reads as completed by measure at 0.8. */
export interface ScormCompletionThreshold {
  completedByMeasure: boolean;
  minProgressMeasure: number;
  progressWeight: number;
}

/** `adlnav:presentation`: the LMS navigation controls the content asks to hide (`previous`, `continue`, ...). */
export interface ScormPresentation {
  hideLmsUi: string[];
}

/** What an item tells the runtime about launching it; SCORM 1.2 and 2004 spellings are read alike. */
interface ScormLaunchSettings {
  /** On the version's own scale: 0-100 (`adlcp:masteryscore`) for 1.2, -1..1 (`minNormalizedMeasure`) for 2004. */
  masteryScore: number | null;
  completionThreshold: ScormCompletionThreshold | null;
  timeLimitAction: string | null;
  dataFromLms: string | null;
  /** 1.2 `adlcp:maxtimeallowed`, or 2004 `limitConditions@attemptAbsoluteDurationLimit`, as written. */
  maxTimeAllowed: string | null;
  /** 1.2 `adlcp:prerequisites` (AICC script), as written. */
  prerequisites: string | null;
  /** 2004 4th edition `adlcp:data/adlcp:map`: the shared data (`adl.data`) the item reads and writes. */
  sharedData: ScormSharedDataMap[];
}

/** One `adlcp:map`; reading and writing are allowed unless the manifest says otherwise (CAM 4th edition). */
export interface ScormSharedDataMap {
  targetId: string;
  read: boolean;
  write: boolean;
}

/** One node of an organization's tree; it launches content when `href` is set, and may still have children. */
export interface ScormItem extends ScormLaunchSettings {
  id: string;
  title: string;
  isVisible: boolean;
  resourceId: string | null;
  parameters: string | null;
  /** Launch URL relative to the manifest folder, path segments percent-encoded, `parameters` applied. */
  href: string | null;
  /** The file `href` opens, relative to the manifest folder, decoded. */
  launchPath: string | null;
  scormType: ScormType | null;
  sequencing: ScormSequencing | null;
  presentation: ScormPresentation | null;
  children: ScormItem[];
}

export interface ScormOrganization {
  id: string;
  title: string;
  objectivesGlobalToSystem: boolean | null;
  sharedDataGlobalToSystem: boolean | null;
  sequencing: ScormSequencing | null;
  items: ScormItem[];
}

export interface ScormResource {
  id: string;
  type: string | null;
  scormType: ScormType;
  /** Package URL of the resource's entry point with its own query, before any item parameters; null when it has none. */
  href: string | null;
  launchPath: string | null;
  /** The resource's `file` entries, resolved; informative only, as manifests do not always list them right. */
  files: string[];
  dependencies: string[];
}

/** A launchable item (SCO or asset) of any organization, in tree order. */
export interface ScormSco extends ScormLaunchSettings {
  organizationId: string;
  itemId: string;
  parentItemId: string | null;
  title: string;
  href: string;
  launchPath: string;
  parameters: string | null;
  resourceId: string;
  scormType: ScormType;
  isVisible: boolean;
  sequencing: ScormSequencing | null;
  presentation: ScormPresentation | null;
}

export interface ScormManifest {
  version: ScormVersion;
  identifier: string;
  title: string;
  defaultOrganizationId: string | null;
  organizations: ScormOrganization[];
  resources: ScormResource[];
  scos: ScormSco[];
  /** `imsss:sequencingCollection` entries, shared by items through `sequencing.idRef`. */
  sequencingCollection: ScormSequencing[];
}

// Editions name themselves in schemaversion; the 4th edition is assumed when only "2004" is said.
const SCHEMA_VERSIONS: Array<[RegExp, ScormVersion]> = [
  [/^(scorm\s*)?1\.2\b/i, '1.2'],
  [/cam\s*1\.3|\b2nd\b/i, '2004-2nd'],
  [/\b3rd\b/i, '2004-3rd'],
  [/\b4th\b/i, '2004-4th'],
  [/^(scorm\s*)?(2004|1\.3)\b/i, '2004-4th'],
];

/**
 * Parses an `imsmanifest.xml` (SCORM 1.2 or 2004 2nd-4th edition) into organizations, resources and the flat
 * list of launchable items. Hrefs are resolved against every `xml:base` that applies and must stay inside the
 * package. Throws `ScormPackageError` (`malformed_manifest`, `unsupported_version`, `path_escape`).
 */
export function parseScormManifest(source: string | Uint8Array): ScormManifest {
  const { root, namespaces } = parseXmlDocument(typeof source === 'string' ? source : decodeXmlBytes(source));
  if (root.name !== 'manifest') {
    throw malformed(`The manifest's root element is <${root.name}>, not <manifest>.`);
  }
  const version = detectVersion(root, namespaces);
  const sequencingCollection = childrenOf(childOf(root, 'imsss', 'sequencingCollection'), 'imsss', 'sequencing').map(
    parseSequencing,
  );
  const resources = parseResources(root);
  const context: ItemContext = { version, resources, sequencingCollection, itemIds: new Set() };

  const organizationsElement = childOf(root, 'cp', 'organizations');
  const organizations = childrenOf(organizationsElement, 'cp', 'organization').map((element) =>
    parseOrganization(element, context),
  );
  const wantedDefault = attributeOf(organizationsElement, 'default');
  const defaultOrganization =
    organizations.find((organization) => organization.id === wantedDefault) ?? organizations[0] ?? null;
  const identifier = attributeOf(root, 'identifier')?.trim() ?? '';

  return {
    version,
    identifier,
    title: defaultOrganization?.title || identifier,
    defaultOrganizationId: defaultOrganization?.id ?? null,
    organizations,
    resources: [...resources.values()].map(({ location: _location, ...resource }) => resource),
    scos: organizations.flatMap((organization) => launchableItems(organization.id, organization.items, null)),
    sequencingCollection,
  };
}

/**
 * Checks that every launchable item opens a file the package really contains. `packageFiles` are paths
 * relative to the manifest folder; the manifest's own `file` lists are not trusted for this.
 */
export function assertLaunchFilesExist(manifest: ScormManifest, packageFiles: ReadonlySet<string>): void {
  const missing = [...new Set(manifest.scos.map((sco) => sco.launchPath))].filter((file) => !packageFiles.has(file));
  if (missing.length === 0) return;
  const named = missing
    .slice(0, 3)
    .map((file) => `"${file}"`)
    .join(', ');
  const more = missing.length > 3 ? ` and ${missing.length - 3} more` : '';
  throw new ScormPackageError(
    'missing_launch_file',
    `The manifest launches ${named}${more}, which the package does not contain.`,
  );
}

function detectVersion(root: XmlElement, namespaces: ReadonlySet<string>): ScormVersion {
  const schemaVersion = childOf(childOf(root, 'cp', 'metadata'), 'cp', 'schemaversion')?.text ?? '';
  const stated = SCHEMA_VERSIONS.find(([pattern]) => pattern.test(schemaVersion.trim()))?.[1];
  if (stated) return stated;
  if (namespaces.has(SCORM_NAMESPACES.adlcp12)) return '1.2';
  const uses2004 = [SCORM_NAMESPACES.adlcp2004, SCORM_NAMESPACES.imsss, SCORM_NAMESPACES.adlseq].some((namespace) =>
    namespaces.has(namespace),
  );
  if (uses2004) return '2004-4th';
  throw new ScormPackageError(
    'unsupported_version',
    schemaVersion
      ? `The manifest says it follows "${schemaVersion}"; only SCORM 1.2 and SCORM 2004 packages are supported.`
      : 'The manifest does not say which SCORM version it follows; only SCORM 1.2 and SCORM 2004 packages are supported.',
  );
}

interface ResolvedResource extends ScormResource {
  location: PackageHref | null;
}

function parseResources(root: XmlElement): Map<string, ResolvedResource> {
  const resourcesElement = childOf(root, 'cp', 'resources');
  const outerBases = [attributeOf(root, 'base', 'xml'), attributeOf(resourcesElement, 'base', 'xml')];
  const resources = new Map<string, ResolvedResource>();
  for (const element of childrenOf(resourcesElement, 'cp', 'resource')) {
    const id = attributeOf(element, 'identifier');
    if (!id || resources.has(id)) continue;
    const bases = [...outerBases, attributeOf(element, 'base', 'xml')];
    const href = attributeOf(element, 'href')?.trim();
    const location = href ? resolvePackageHref(href, bases) : null;
    resources.set(id, {
      id,
      type: attributeOf(element, 'type')?.trim() || null,
      scormType: attributeOf(element, 'scormType', 'adlcp')?.trim().toLowerCase() === 'asset' ? 'asset' : 'sco',
      href: location ? toPackageUrl(location) : null,
      launchPath: location?.path ?? null,
      files: childrenOf(element, 'cp', 'file').flatMap((file) => {
        const fileHref = attributeOf(file, 'href')?.trim();
        return fileHref ? [resolvePackageHref(fileHref, [...bases, attributeOf(file, 'base', 'xml')]).path] : [];
      }),
      dependencies: childrenOf(element, 'cp', 'dependency').flatMap((dependency) => {
        const ref = attributeOf(dependency, 'identifierref')?.trim();
        return ref ? [ref] : [];
      }),
      location,
    });
  }
  return resources;
}

interface ItemContext {
  version: ScormVersion;
  resources: Map<string, ResolvedResource>;
  sequencingCollection: ScormSequencing[];
  itemIds: Set<string>;
}

function parseOrganization(element: XmlElement, context: ItemContext): ScormOrganization {
  const id = attributeOf(element, 'identifier')?.trim();
  if (!id) throw malformed('An organization in the manifest has no identifier.');
  const sequencing = childOf(element, 'imsss', 'sequencing');
  return {
    id,
    title: titleOf(element, id),
    objectivesGlobalToSystem: parseBoolean(attributeOf(element, 'objectivesGlobalToSystem', 'adlseq')),
    sharedDataGlobalToSystem: parseBoolean(attributeOf(element, 'sharedDataGlobalToSystem', 'adlcp')),
    sequencing: sequencing ? parseSequencing(sequencing) : null,
    items: childrenOf(element, 'cp', 'item').map((item) => parseItem(item, context)),
  };
}

function parseItem(element: XmlElement, context: ItemContext): ScormItem {
  const id = attributeOf(element, 'identifier')?.trim();
  if (!id) throw malformed('An item in the manifest has no identifier.');
  if (context.itemIds.has(id)) throw malformed(`The manifest uses the item identifier "${id}" more than once.`);
  context.itemIds.add(id);

  const resourceId = attributeOf(element, 'identifierref')?.trim() || null;
  const resource = resourceId ? context.resources.get(resourceId) : undefined;
  if (resourceId && !resource) {
    throw malformed(`The item "${id}" refers to the resource "${resourceId}", which the manifest does not define.`);
  }
  if (resource && !resource.location) {
    throw malformed(`The resource "${resource.id}" launched by the item "${id}" has no href.`);
  }
  const parameters = attributeOf(element, 'parameters') || null;
  const sequencingElement = childOf(element, 'imsss', 'sequencing');
  const sequencing = sequencingElement ? parseSequencing(sequencingElement) : null;
  const hideLmsUi = childrenOf(
    childOf(childOf(element, 'adlnav', 'presentation'), 'adlnav', 'navigationInterface'),
    'adlnav',
    'hideLMSUI',
  ).map((hide) => hide.text);

  return {
    id,
    title: titleOf(element, id),
    isVisible: parseBoolean(attributeOf(element, 'isvisible')) ?? true,
    resourceId,
    parameters,
    href: resource?.location ? appendLaunchParameters(toPackageUrl(resource.location), parameters) : null,
    launchPath: resource?.location?.path ?? null,
    scormType: resource?.scormType ?? null,
    ...launchSettings(element, sequencing, context),
    sequencing,
    presentation: hideLmsUi.length > 0 ? { hideLmsUi } : null,
    children: childrenOf(element, 'cp', 'item').map((child) => parseItem(child, context)),
  };
}

function launchSettings(
  element: XmlElement,
  sequencing: ScormSequencing | null,
  context: ItemContext,
): ScormLaunchSettings {
  const adlcpText = (name: string) => childOf(element, 'adlcp', name)?.text || null;
  const shared = {
    completionThreshold: parseCompletionThreshold(childOf(element, 'adlcp', 'completionThreshold')),
    timeLimitAction: adlcpText('timeLimitAction'),
    dataFromLms: adlcpText('dataFromLMS'),
    prerequisites: adlcpText('prerequisites'),
    sharedData: childrenOf(childOf(element, 'adlcp', 'data'), 'adlcp', 'map').flatMap((map) => {
      const targetId = attributeOf(map, 'targetID')?.trim();
      if (!targetId) return [];
      const read = parseBoolean(attributeOf(map, 'readSharedData')) ?? true;
      return [{ targetId, read, write: parseBoolean(attributeOf(map, 'writeSharedData')) ?? true }];
    }),
  };
  if (context.version === '1.2') {
    return {
      ...shared,
      masteryScore: parseDecimal(adlcpText('masteryscore')),
      maxTimeAllowed: adlcpText('maxtimeallowed'),
    };
  }
  const effective = resolveSequencing(sequencing, context.sequencingCollection);
  const primary = effective?.objectives?.primary;
  return {
    ...shared,
    masteryScore: primary?.satisfiedByMeasure === true ? (primary.minNormalizedMeasure ?? 1) : null,
    maxTimeAllowed: effective?.limitConditions?.attemptAbsoluteDurationLimit ?? null,
  };
}

function parseCompletionThreshold(element: XmlElement | null): ScormCompletionThreshold | null {
  if (!element) return null;
  const completedByMeasure = parseBoolean(attributeOf(element, 'completedByMeasure'));
  const minProgressMeasure = parseDecimal(attributeOf(element, 'minProgressMeasure'));
  const progressWeight = parseDecimal(attributeOf(element, 'progressWeight'));
  if (completedByMeasure === null && minProgressMeasure === null && progressWeight === null) {
    const threshold = parseDecimal(element.text);
    return threshold === null ? null : { completedByMeasure: true, minProgressMeasure: threshold, progressWeight: 1 };
  }
  return {
    completedByMeasure: completedByMeasure ?? false,
    minProgressMeasure: minProgressMeasure ?? 1,
    progressWeight: progressWeight ?? 1,
  };
}

function launchableItems(organizationId: string, items: ScormItem[], parentItemId: string | null): ScormSco[] {
  return items.flatMap((item) => {
    const children = launchableItems(organizationId, item.children, item.id);
    if (item.href === null || item.launchPath === null || item.resourceId === null || item.scormType === null) {
      return children;
    }
    const sco: ScormSco = {
      organizationId,
      itemId: item.id,
      parentItemId,
      title: item.title,
      href: item.href,
      launchPath: item.launchPath,
      parameters: item.parameters,
      resourceId: item.resourceId,
      scormType: item.scormType,
      isVisible: item.isVisible,
      masteryScore: item.masteryScore,
      completionThreshold: item.completionThreshold,
      timeLimitAction: item.timeLimitAction,
      dataFromLms: item.dataFromLms,
      maxTimeAllowed: item.maxTimeAllowed,
      prerequisites: item.prerequisites,
      sharedData: item.sharedData,
      sequencing: item.sequencing,
      presentation: item.presentation,
    };
    return [sco, ...children];
  });
}

function titleOf(element: XmlElement, fallback: string): string {
  return childOf(element, 'cp', 'title')?.text.replace(/\s+/g, ' ') || fallback;
}

function malformed(message: string): ScormPackageError {
  return new ScormPackageError('malformed_manifest', message);
}
