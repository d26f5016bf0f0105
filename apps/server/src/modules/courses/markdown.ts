import { isWebLink } from '@portal/shared/input';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Raw HTML in the source is shown as text, never passed through.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    's',
    'del',
    'a',
    'img',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'sup',
    'sub',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
    code: ['class'],
  },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links and images keep their address only when it is https:/http: or a path of ours (no mailto:, data: or tricks).
  transformTags: {
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(href !== undefined && isWebLink(href) ? { href } : {}),
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      },
    }),
    img: (tagName, { src, ...attribs }) => ({
      tagName,
      attribs: { ...attribs, ...(src !== undefined && isWebLink(src) ? { src } : {}) },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Removes anything that could run script (tags, event handlers, javascript: and data: URLs) from HTML. */
export function sanitizeLessonHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/** Markdown to HTML that is safe to insert into the page as is. */
export function renderLessonMarkdown(source: string): string {
  return sanitizeLessonHtml(markdown.render(source));
}

const WORDS_PER_MINUTE = 200;

/** Reading time of a text lesson in seconds, at least a minute. */
export function estimateReadingSeconds(source: string): number {
  const words = source.split(/\s+/).filter(Boolean).length;
  return Math.max(60, Math.round((words / WORDS_PER_MINUTE) * 60));
}
