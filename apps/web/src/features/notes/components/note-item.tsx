import type { Note, NotePosition } from '@portal/shared/notes';
import { Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useCardMakers } from '@/lib/card-makers';
import { useDisplayFormats } from '@/lib/profile';
import { useDeleteNote } from '../api/delete-note';
import { useUpdateNote } from '../api/update-note';
import { NoteBody } from './note-body';
import { NoteEditor } from './note-editor';
import { NotePositionAction } from './note-position';

/** One note with its pin, dates and actions; editing happens in place. */
export function NoteItem({
  note,
  onJump,
  place,
  firstHeadingLevel,
}: {
  note: Note;
  onJump?: (position: NotePosition) => void;
  /** Shown above the note when it appears outside its course and lesson group (search results). */
  place?: string;
  firstHeadingLevel?: number;
}) {
  const { t } = useTranslation('notes');
  const { formatDate, formatTime } = useDisplayFormats();
  const { NoteCard } = useCardMakers();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // Leaving the editor (saved or cancelled) gives focus back to the Edit button it replaced.
  const finishEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const written = new Date(note.created_at);
  const edited = note.updated_at !== note.created_at;

  return (
    <article
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-sm"
      aria-label={t('item.label', { date: formatDate(written) })}
    >
      {place ? <p className="text-xs font-medium text-muted-foreground">{place}</p> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <NotePositionAction note={note} onJump={onJump} />
        <p className="text-xs text-muted-foreground">
          {t(edited ? 'item.edited' : 'item.written', {
            date: formatDate(edited ? new Date(note.updated_at) : written),
            time: formatTime(edited ? new Date(note.updated_at) : written),
          })}
        </p>
      </div>
      {editing ? (
        <NoteEditor
          label={t('item.editLabel')}
          initialBody={note.body}
          initialFormat={note.format}
          submitLabel={t('item.save')}
          saving={update.isPending}
          focusOnOpen
          onCancel={finishEditing}
          onSubmit={(changes) =>
            update
              .mutateAsync({ noteId: note.id, changes })
              .then(() => {
                toast.success(t('toasts.saved'));
                finishEditing();
              })
              .catch(() => toast.error(t('toasts.saveFailed')))
          }
        />
      ) : (
        <NoteBody note={note} firstHeadingLevel={firstHeadingLevel} />
      )}
      {editing ? null : (
        <div className="flex flex-wrap gap-2">
          <Button
            ref={editButton}
            size="sm"
            variant="ghost"
            onClick={() => setEditing(true)}
            aria-label={t('item.editNamed', { date: formatDate(written) })}
          >
            <Pencil aria-hidden="true" />
            {t('item.edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive hover:bg-destructive/10"
            onClick={() => setConfirming(true)}
            aria-label={t('item.deleteNamed', { date: formatDate(written) })}
          >
            <Trash2 aria-hidden="true" />
            {t('item.delete')}
          </Button>
          {NoteCard ? (
            <NoteCard noteId={note.id} ariaLabel={t('item.makeCardNamed', { date: formatDate(written) })} />
          ) : null}
        </div>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent closeLabel={t('item.close')}>
          <DialogTitle>{t('deleteDialog.title')}</DialogTitle>
          <DialogDescription>{t('deleteDialog.description')}</DialogDescription>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('editor.cancel')}
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(note.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success(t('toasts.deleted'));
                  },
                  onError: () => toast.error(t('toasts.deleteFailed')),
                })
              }
            >
              {t('deleteDialog.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </article>
  );
}
