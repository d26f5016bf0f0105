import { FLASHCARD_TAG_MAX, FLASHCARD_TAGS_MAX } from '@portal/shared/flashcards';

/** How Anki stores a collection (schema 11), the one every Anki version reads. */
export const ANKI_SCHEMA = `
create table col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
create table notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
create table cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null,
  left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
create table revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
  type integer not null);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;

/** Anki's field separator. */
export const FIELD_SEPARATOR = '\x1f';
export const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
export const extensionOf = (name: string) => name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity.toLowerCase()] ?? match;
  });

/**
 * An Anki field (HTML) as card Markdown: line breaks kept, bold and italics kept, images resolved through
 * `imageUrl` (dropped when it gives none), sounds and every other tag dropped.
 */
export function ankiFieldToMarkdown(html: string, imageUrl: (fileName: string) => string | null): string {
  const text = html
    .replace(/\[sound:[^\]]*\]/g, '')
    .replace(
      /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/gi,
      (_m, a?: string, b?: string, c?: string) => {
        const url = imageUrl(decodeEntities(a ?? b ?? c ?? ''));
        return url ? `![](${url})` : '';
      },
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(div|p|li|h[1-6])>/gi, '\n')
    .replace(/<\/?(b|strong)>/gi, '**')
    .replace(/<\/?(i|em)>/gi, '_')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Card Markdown as an Anki field: text escaped, images as `<img>` of their media file name, lines as `<br>`. */
export function markdownToAnkiField(markdown: string, mediaName: (url: string) => string | null): string {
  return escapeHtml(markdown)
    .replace(/!\[[^\]]*\]\(([^)\s]+)\)/g, (_m, url: string) => {
      const name = mediaName(url);
      return name ? `<img src="${name}">` : '';
    })
    .replace(/\n/g, '<br>');
}

/** Tags as the card editor keeps them: one word each, no commas, lower case, at most FLASHCARD_TAGS_MAX. */
export function cleanTags(raw: string): string[] {
  const tags = raw
    .split(/[\s,]+/)
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => tag.length > 0 && tag.length <= FLASHCARD_TAG_MAX);
  return [...new Set(tags)].slice(0, FLASHCARD_TAGS_MAX);
}
