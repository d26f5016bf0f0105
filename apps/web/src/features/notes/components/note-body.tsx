import type { Note } from '@portal/shared/notes';
import { useMemo } from 'react';
import { renderNoteMarkdown } from '../utils/render-note-markdown';

const PROSE =
  'break-words text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h3]:font-semibold [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1.5 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-5';

/** The note's text: plain text as written, Markdown rendered safely. */
export function NoteBody({
  note,
  firstHeadingLevel,
}: {
  note: Pick<Note, 'body' | 'format'>;
  firstHeadingLevel?: number;
}) {
  const html = useMemo(
    () => (note.format === 'markdown' ? renderNoteMarkdown(note.body, firstHeadingLevel) : null),
    [note.body, note.format, firstHeadingLevel],
  );
  if (html === null) return <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{note.body}</p>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered without raw HTML and sanitised just above
  return <div className={PROSE} dangerouslySetInnerHTML={{ __html: html }} />;
}
