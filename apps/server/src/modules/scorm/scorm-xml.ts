import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ScormPackageError } from './scorm.errors.ts';

/** An XML element with namespaces resolved, so prefixes chosen by the author do not matter. */
export interface XmlElement {
  ns: string;
  name: string;
  attributes: XmlAttribute[];
  children: XmlElement[];
  /** The element's own text (not its descendants'), entities decoded. */
  text: string;
}

interface XmlAttribute {
  ns: string;
  name: string;
  value: string;
}

export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/** The namespaces of the vocabularies a SCORM manifest mixes; a prefix used without a declaration maps to a stand-in. */
export const SCORM_NAMESPACES = {
  adlcp12: 'http://www.adlnet.org/xsd/adlcp_rootv1p2',
  adlcp2004: 'http://www.adlnet.org/xsd/adlcp_v1p3',
  imsss: 'http://www.imsglobal.org/xsd/imsss',
  adlseq: 'http://www.adlnet.org/xsd/adlseq_v1p3',
  adlnav: 'http://www.adlnet.org/xsd/adlnav_v1p3',
} as const;

export type Vocabulary = 'cp' | 'adlcp' | 'imsss' | 'adlseq' | 'adlnav';

const VOCABULARY_NAMESPACES: Record<Exclude<Vocabulary, 'cp'>, readonly string[]> = {
  adlcp: [SCORM_NAMESPACES.adlcp12, SCORM_NAMESPACES.adlcp2004, undeclared('adlcp')],
  imsss: [SCORM_NAMESPACES.imsss, undeclared('imsss')],
  adlseq: [SCORM_NAMESPACES.adlseq, undeclared('adlseq')],
  adlnav: [SCORM_NAMESPACES.adlnav, undeclared('adlnav')],
};

// Content packaging elements appear in several IMS CP namespaces, and old manifests often declare none.
function inVocabulary(ns: string, vocabulary: Vocabulary): boolean {
  if (vocabulary === 'cp') return ns === '' || /imscp/i.test(ns);
  return VOCABULARY_NAMESPACES[vocabulary].includes(ns);
}

/** Element and attribute names are matched without regard to case: SCORM 1.2 spells `scormtype`, 2004 `scormType`. */
export function childrenOf(element: XmlElement | null | undefined, vocabulary: Vocabulary, name: string): XmlElement[] {
  if (!element) return [];
  const wanted = name.toLowerCase();
  return element.children.filter((child) => child.name.toLowerCase() === wanted && inVocabulary(child.ns, vocabulary));
}

export function childOf(
  element: XmlElement | null | undefined,
  vocabulary: Vocabulary,
  name: string,
): XmlElement | null {
  return childrenOf(element, vocabulary, name)[0] ?? null;
}

/** An attribute's value; `vocabulary` null means an unqualified attribute, the usual case. */
export function attributeOf(
  element: XmlElement | null | undefined,
  name: string,
  vocabulary: Exclude<Vocabulary, 'cp'> | 'xml' | null = null,
): string | null {
  if (!element) return null;
  const wanted = name.toLowerCase();
  const found = element.attributes.find((attribute) => {
    if (attribute.name.toLowerCase() !== wanted) return false;
    if (vocabulary === null) return attribute.ns === '';
    if (vocabulary === 'xml') return attribute.ns === XML_NAMESPACE;
    return inVocabulary(attribute.ns, vocabulary);
  });
  return found?.value ?? null;
}

/** Reads manifest bytes honouring a byte order mark or the XML declaration's encoding; UTF-8 otherwise. */
export function decodeXmlBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
    head,
  )?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * Parses XML without ever expanding entities: a DOCTYPE with an internal subset (where entities are declared)
 * is rejected, an external one is dropped unread, and only the five predefined entities and character
 * references are decoded, in one pass. Throws `malformed_manifest` for anything that is not well-formed.
 */
export function parseXmlDocument(source: string): { root: XmlElement; namespaces: Set<string> } {
  let xml = source.replace(/^\uFEFF/, '');
  const withoutComments = xml.replace(/<!--[\s\S]*?-->/g, '');
  if (/<!DOCTYPE/i.test(withoutComments)) {
    if (/<!DOCTYPE[^>[]*\[/i.test(withoutComments) || /<!ENTITY/i.test(withoutComments)) {
      throw malformed('The manifest declares XML entities in a DOCTYPE, which is not allowed.');
    }
    xml = withoutComments.replace(/<!DOCTYPE[^>]*>/i, '');
  }

  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    throw malformed(`The manifest is not well-formed XML (line ${validation.err.line}: ${validation.err.msg}).`);
  }

  let nodes: unknown;
  try {
    nodes = parser.parse(xml);
  } catch (error) {
    throw malformed('The manifest is not well-formed XML.', error);
  }
  const namespaces = new Set<string>();
  const roots = asNodes(nodes).flatMap((node) => {
    const element = toElement(node, new Map([['xml', XML_NAMESPACE]]), namespaces);
    return element ? [element] : [];
  });
  const [root] = roots;
  if (!root || roots.length > 1) throw malformed('The manifest must have exactly one root element.');
  return { root, namespaces };
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata',
  maxNestedTags: 1000,
});

type OrderedNode = Record<string, unknown>;

function asNodes(value: unknown): OrderedNode[] {
  return Array.isArray(value)
    ? value.filter((node): node is OrderedNode => typeof node === 'object' && node !== null)
    : [];
}

function toElement(node: OrderedNode, parentScope: Map<string, string>, namespaces: Set<string>): XmlElement | null {
  const qualifiedName = Object.keys(node).find((key) => key !== ':@');
  if (!qualifiedName || qualifiedName === '#text' || qualifiedName === '#cdata') return null;

  const rawAttributes = Object.entries((node[':@'] as Record<string, unknown> | undefined) ?? {}).map(
    ([name, value]) => [name, decodeEntities(String(value))] as const,
  );
  const scope = new Map(parentScope);
  for (const [name, value] of rawAttributes) {
    if (name === 'xmlns') scope.set('', value);
    else if (name.startsWith('xmlns:')) scope.set(name.slice('xmlns:'.length), value);
    else continue;
    namespaces.add(value);
  }

  const attributes: XmlAttribute[] = [];
  for (const [qualified, value] of rawAttributes) {
    if (qualified === 'xmlns' || qualified.startsWith('xmlns:')) continue;
    const { prefix, local } = splitName(qualified);
    attributes.push({ ns: prefix === null ? '' : (scope.get(prefix) ?? undeclared(prefix)), name: local, value });
  }

  const { prefix, local } = splitName(qualifiedName);
  const children: XmlElement[] = [];
  const text: string[] = [];
  for (const child of asNodes(node[qualifiedName])) {
    if ('#text' in child) text.push(decodeEntities(String(child['#text'])));
    else if ('#cdata' in child) text.push(...asNodes(child['#cdata']).map((part) => String(part['#text'] ?? '')));
    else {
      const element = toElement(child, scope, namespaces);
      if (element) children.push(element);
    }
  }
  return {
    ns: prefix === null ? (scope.get('') ?? '') : (scope.get(prefix) ?? undeclared(prefix)),
    name: local,
    attributes,
    children,
    text: text.join('').trim(),
  };
}

function splitName(qualified: string): { prefix: string | null; local: string } {
  const colon = qualified.indexOf(':');
  return colon < 0
    ? { prefix: null, local: qualified }
    : { prefix: qualified.slice(0, colon), local: qualified.slice(colon + 1) };
}

function undeclared(prefix: string): string {
  return `urn:undeclared-prefix:${prefix.toLowerCase()}`;
}

const PREDEFINED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, reference: string) => {
    if (!reference.startsWith('#')) return PREDEFINED_ENTITIES[reference] ?? whole;
    const codePoint = reference.startsWith('#x')
      ? Number.parseInt(reference.slice(2), 16)
      : Number.parseInt(reference.slice(1), 10);
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
  });
}

function malformed(message: string, cause?: unknown): ScormPackageError {
  return new ScormPackageError('malformed_manifest', message, { cause });
}
