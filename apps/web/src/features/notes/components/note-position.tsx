import { formatVideoTime, type Note, type NotePosition, noteLessonPath } from '@portal/shared/notes';
import { FileText, PlayCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Where a note is pinned: a button that seeks there in the open lesson, or a link back to the lesson. */
export function NotePositionAction({ note, onJump }: { note: Note; onJump?: (position: NotePosition) => void }) {
  const { t } = useTranslation('notes');
  const { position } = note;
  if (!position) return null;
  const video = position.kind === 'video';
  const Icon = video ? PlayCircle : FileText;
  const values = video ? { time: formatVideoTime(position.seconds) } : { page: position.page };
  const text = video ? t('position.video', values) : t('position.pdf', values);
  if (onJump) {
    return (
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onJump(position)}
        aria-label={video ? t('position.jumpVideo', values) : t('position.jumpPdf', values)}
      >
        <Icon aria-hidden="true" />
        {text}
      </Button>
    );
  }
  return (
    <Button size="sm" variant="secondary" asChild>
      <Link
        to={noteLessonPath(note)}
        aria-label={video ? t('position.openVideo', values) : t('position.openPdf', values)}
      >
        <Icon aria-hidden="true" />
        {text}
      </Link>
    </Button>
  );
}
