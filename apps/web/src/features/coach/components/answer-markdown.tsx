import { withoutPassageMarkers } from '@portal/shared/coach';
import { useDeferredValue } from 'react';
import { CardMarkdown } from '@/features/flashcards/components/card-markdown';

/**
 * The coach's answer with its Markdown rendered: lists, quotes and emphasis, never raw HTML from the answer or from
 * the course content it quotes. While it streams, rendering trails the newest words so typing stays smooth.
 */
export function AnswerMarkdown({ text }: { text: string }) {
  const shown = useDeferredValue(withoutPassageMarkers(text));
  return (
    <CardMarkdown
      text={shown}
      className="text-sm leading-relaxed [&_blockquote]:my-2 [&_ol]:my-2 [&_p]:my-2 [&_ul]:my-2 [&>:first-child]:mt-0 [&>:last-child]:mb-0"
    />
  );
}
