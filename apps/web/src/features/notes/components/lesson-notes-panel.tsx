import { formatVideoTime, type NotePosition } from '@portal/shared/notes';
import { NotebookPen } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import type { LessonContext } from '@/lib/lesson-context';
import { useCreateNote } from '../api/create-note';
import { useNotes } from '../api/get-notes';
import { NoteEditor } from './note-editor';
import { NoteItem } from './note-item';

/** The player reports fractions of a second; a pin keeps the whole second it was taken in. */
const pinnedPosition = (position: NonNullable<LessonContext['position']>): NotePosition =>
  position.kind === 'video'
    ? { kind: 'video', seconds: Math.max(0, Math.floor(position.seconds)) }
    : { kind: 'pdf', page: Math.max(1, Math.round(position.page)) };

/** Notes of the open lesson: write one pinned to the current moment or page, and jump back to a pinned note. */
export function LessonNotesPanel({ context }: { context: LessonContext }) {
  const { t } = useTranslation('notes');
  const headingId = useId();
  const pinId = useId();
  const notes = useNotes({ lessonId: context.lessonId });
  const create = useCreateNote();
  const [pin, setPin] = useState(true);
  const position = context.position;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <NotebookPen className="size-5 text-primary" aria-hidden="true" />
          {t('panel.title')}
        </h2>
        <Link className="text-sm text-primary underline-offset-4 hover:underline" to="/dashboard/learner/notes">
          {t('panel.allNotes')}
        </Link>
      </div>
      <NoteEditor
        label={t('panel.newNote', { lesson: context.lessonTitle })}
        submitLabel={t('panel.add')}
        saving={create.isPending}
        onSubmit={({ body, format }) =>
          create
            .mutateAsync({
              lesson_id: context.lessonId,
              body,
              format,
              position: pin && position ? pinnedPosition(position) : null,
            })
            .then(() => toast.success(t('toasts.created')))
            .catch(() => toast.error(t('toasts.saveFailed')))
        }
        extra={
          position ? (
            <label htmlFor={pinId} className="flex min-h-10 cursor-pointer items-center gap-2 text-sm">
              <input
                id={pinId}
                type="checkbox"
                className="size-5 accent-[var(--color-primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                checked={pin}
                onChange={(event) => setPin(event.target.checked)}
              />
              {position.kind === 'video'
                ? t('panel.pinVideo', { time: formatVideoTime(position.seconds) })
                : t('panel.pinPdf', { page: position.page })}
            </label>
          ) : null
        }
      />
      {notes.isPending ? <Spinner label={t('loading')} /> : null}
      {notes.isError ? <Alert variant="destructive">{t('loadFailed')}</Alert> : null}
      {notes.data && notes.data.notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('panel.empty')}</p>
      ) : null}
      {notes.data && notes.data.notes.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label={t('panel.listLabel', { lesson: context.lessonTitle })}>
          {notes.data.notes.map((note) => (
            <li key={note.id}>
              <NoteItem note={note} onJump={context.seekTo} firstHeadingLevel={3} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
