import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAnswerLiveSession } from '@/features/live/api/answer-live-session';
import { refreshLiveRoomLobby } from '../api/get-live-room-lobby';

/** For someone who has not answered "Going": answers it here, and the page then enters the room by itself. */
export function GoingPrompt({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('live-room');
  const queryClient = useQueryClient();
  const answer = useAnswerLiveSession();
  const [waitlistPosition, setWaitlistPosition] = useState<number | null>(null);

  const answerGoing = () =>
    answer.mutate(
      { sessionId, response: 'going' },
      {
        onSuccess: (session) => {
          if (session.my_rsvp?.waitlisted) setWaitlistPosition(session.my_rsvp.waitlist_position ?? 0);
          else void refreshLiveRoomLobby(queryClient, sessionId);
        },
      },
    );

  if (waitlistPosition !== null) {
    return <Alert variant="warning">{t('going.waitlisted', { position: waitlistPosition })}</Alert>;
  }
  return (
    <Alert variant="warning" className="flex flex-col items-start gap-3">
      <p>{t('errors.notMember')}</p>
      <Button onClick={answerGoing} disabled={answer.isPending}>
        {answer.isPending ? t('going.answering') : t('going.answer')}
      </Button>
      {answer.isError ? (
        <p role="alert" className="text-destructive">
          {t('going.failed')}
        </p>
      ) : null}
    </Alert>
  );
}
