import type { Deck } from '@portal/shared/flashcards';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useMe } from '@/lib/auth';
import { useAttachDeck } from '../api/attach-deck';
import { useCourseOptions } from '../api/get-course-options';

/** For course authors: attach their deck to a course so its learners get it, or detach it. */
export function AttachCourse({ deck }: { deck: Deck }) {
  const { t } = useTranslation('flashcards-import');
  const id = useId();
  const me = useMe();
  const author = me.data?.role === 'admin' || me.data?.role === 'instructor';
  const options = useCourseOptions(author && !deck.read_only);
  const attach = useAttachDeck();
  const [choice, setChoice] = useState(deck.course?.id ?? '');
  if (!author || deck.read_only || !options.data) return null;

  const save = (courseId: string | null) =>
    attach.mutate(
      { deckId: deck.id, courseId },
      {
        onSuccess: () => toast.success(courseId ? t('attach.attached') : t('attach.detached')),
        onError: () => toast.error(t('attach.failed')),
      },
    );

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-border bg-card p-4">
      <h2 id={`${id}-heading`} className="mb-2 text-base font-semibold">
        {t('attach.heading')}
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">{t('attach.description')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <Label htmlFor={id}>{t('attach.course')}</Label>
          <select
            id={id}
            className="h-10 rounded-md border border-border bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
          >
            <option value="">{t('attach.none')}</option>
            {options.data.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => save(choice || null)} disabled={attach.isPending || choice === (deck.course?.id ?? '')}>
          {choice ? t('attach.save') : t('attach.detach')}
        </Button>
      </div>
    </section>
  );
}
