import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ReviewSession } from '../components/review-session';
import { FLASHCARDS_PATH } from '../paths';

/** The review screen for one deck (`?deck=`) or for every deck. */
export function FlashcardReviewPage() {
  const { t } = useTranslation('flashcards');
  const [params] = useSearchParams();
  const deckId = params.get('deck') ?? undefined;
  return (
    <div>
      <PageHeader title={t('review.title')} description={t('review.description')} />
      <ReviewSession
        deckId={deckId}
        backTo={deckId ? `${FLASHCARDS_PATH}/${deckId}` : FLASHCARDS_PATH}
        backLabel={deckId ? t('summary.backToDeck') : t('summary.back')}
      />
    </div>
  );
}

/** The same review inside the study page's "review" mode. */
export function StudyReview() {
  const { t } = useTranslation('flashcards');
  return <ReviewSession backTo={FLASHCARDS_PATH} backLabel={t('summary.toFlashcards')} />;
}
