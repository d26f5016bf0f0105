import { lessonHref } from '@portal/shared/coach';
import type { FlashcardNote } from '@portal/shared/flashcards';
import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where a one-click card came from, linking to its lesson when that still exists. */
export function CardSource({ source }: { source: FlashcardNote['source'] }) {
  const { t } = useTranslation('flashcards-import');
  if (!source) return null;
  const label = t(`source.${source.kind}`);
  return (
    <p className="flex items-center gap-1 text-xs text-muted-foreground">
      <Link2 className="size-3" aria-hidden="true" />
      {source.lesson_id && source.course_id ? (
        <Link
          className="text-primary underline-offset-4 hover:underline"
          to={lessonHref(source.course_id, source.lesson_id)}
        >
          {t('source.openLesson', { source: label })}
        </Link>
      ) : (
        label
      )}
    </p>
  );
}
