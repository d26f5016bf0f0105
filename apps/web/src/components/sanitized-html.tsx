import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { cn } from '@/lib/utils';

const FORBIDDEN_TAGS = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'textarea',
  'select',
];

/**
 * HTML that the server already sanitised (e.g. rendered Markdown), cleaned again in the browser as a second
 * line of defence: no scripts, event handlers or javascript: URLs. Headings are shifted down by
 * `headingOffset` so they continue the page's outline, and links opening a new tab cannot reach back.
 */
export function sanitizeHtml(html: string, headingOffset = 0): string {
  const fragment = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const link of fragment.querySelectorAll('a[target]')) {
    link.setAttribute('rel', 'noopener noreferrer');
  }
  if (headingOffset > 0) {
    for (const heading of fragment.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
      const level = Math.min(6, Number(heading.tagName.slice(1)) + headingOffset);
      const replacement = heading.ownerDocument.createElement(`h${level}`);
      replacement.append(...heading.childNodes);
      for (const attribute of heading.attributes) replacement.setAttribute(attribute.name, attribute.value);
      heading.replaceWith(replacement);
    }
  }
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

/** Readable typography for rendered Markdown without a typography plugin. */
const PROSE =
  'max-w-none break-words text-base leading-relaxed [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:mb-1 [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold [&_hr]:my-6 [&_hr]:border-border [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md [&_li]:my-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_table]:my-3 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-border [&_th]:bg-muted [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6';

export function SanitizedHtml({
  html,
  headingOffset = 0,
  className,
  ...props
}: {
  html: string;
  headingOffset?: number;
  className?: string;
  id?: string;
  'aria-labelledby'?: string;
}) {
  const clean = useMemo(() => sanitizeHtml(html, headingOffset), [html, headingOffset]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by the server and again just above
  return <div className={cn(PROSE, className)} dangerouslySetInnerHTML={{ __html: clean }} {...props} />;
}
