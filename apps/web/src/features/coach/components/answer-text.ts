import { withoutPassageMarkers } from '@portal/shared/coach';
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false });

/** An answer as plain sentences, without Markdown marks (">", "**", "- "), for screen readers and the voice reader. */
export function answerText(answer: string): string {
  const blocks = markdown.parse(withoutPassageMarkers(answer), {}).map((token) => {
    if (token.type === 'fence' || token.type === 'code_block') return token.content;
    if (token.type !== 'inline') return '';
    return (token.children ?? [])
      .map((child) => {
        if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
        return child.type === 'text' || child.type === 'code_inline' ? child.content : '';
      })
      .join('');
  });
  return blocks
    .map((block) => block.replace(/\s+/gu, ' ').trim())
    .filter(Boolean)
    .join(' ');
}
