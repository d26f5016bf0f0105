import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';
import { SanitizedHtml } from '@/components/sanitized-html';

// Raw HTML on a card is shown as text; the rendered result is sanitised again by SanitizedHtml.
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

/** One side of a card, its Markdown rendered safely; headings continue below the page's own. */
export function CardMarkdown({ text, className, id }: { text: string; className?: string; id?: string }) {
  const html = useMemo(() => markdown.render(text), [text]);
  return <SanitizedHtml html={html} headingOffset={2} className={className} {...(id ? { id } : {})} />;
}
