import { isWebLink } from '@portal/shared/input';
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

// Raw HTML in a note is shown as text; markdown-it also refuses javascript:, vbscript: and data: links.
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

/** Tags a note never needs: anything that runs, embeds, submits or loads from elsewhere. */
const FORBIDDEN_TAGS = ['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'img'];

/**
 * A note's Markdown as HTML that cannot run anything: rendered without raw HTML, then sanitised. Headings start at
 * `firstHeadingLevel` so they continue the page's outline; links open in a new tab without access to this one.
 */
export function renderNoteMarkdown(text: string, firstHeadingLevel = 3): string {
  const fragment = DOMPurify.sanitize(markdown.render(text), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: ['style'],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const link of fragment.querySelectorAll('a')) {
    // Only https:, http: and paths of ours stay clickable; mailto:, tel:, data: and the like become plain text.
    const href = link.getAttribute('href');
    if (href !== null && !isWebLink(href)) link.removeAttribute('href');
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  for (const heading of fragment.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const level = Math.min(6, Number(heading.tagName.slice(1)) + firstHeadingLevel - 1);
    const replacement = heading.ownerDocument.createElement(`h${level}`);
    replacement.append(...heading.childNodes);
    heading.replaceWith(replacement);
  }
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}
