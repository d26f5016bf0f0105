import type { LiveRoomState } from '@portal/shared/live-room';
import { Hand } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { LiveRoomChange } from '../api/update-live-room';

/** Who is in the room, with the host's controls per person (handing the host role over is confirmed), and the raised-hands queue. */
export function RoomPeople({ state, onChange }: { state: LiveRoomState; onChange: (change: LiveRoomChange) => void }) {
  const { t } = useTranslation('live-room');
  const { me } = state;
  const myHand = state.hands.some((hand) => hand.user_id === me.user_id);
  const [handingTo, setHandingTo] = useState<{ userId: string; name: string } | null>(null);

  return (
    <>
      <section aria-labelledby="room-people-title" className="rounded-lg border border-border bg-card p-4">
        <h2 id="room-people-title" className="mb-2 text-lg font-semibold">
          {t('people.title', { count: state.participants.length })}
        </h2>
        <ul aria-label={t('people.list')} className="flex flex-col gap-2">
          {state.participants.map((person) => (
            <li key={person.user_id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{person.name || t('people.unnamed')}</span>
              {person.user_id === me.user_id ? <Badge>{t('people.you')}</Badge> : null}
              {person.is_host ? <Badge>{t('people.host')}</Badge> : null}
              {person.muted ? <Badge className="bg-muted text-foreground">{t('people.muted')}</Badge> : null}
              {person.hand_raised_at ? (
                <span className="inline-flex items-center gap-1">
                  <Hand aria-hidden="true" className="size-4" />
                  <span className="sr-only">{t('people.handRaised')}</span>
                </span>
              ) : null}
              {me.can_moderate && person.user_id !== me.user_id ? (
                <span className="ml-auto flex flex-wrap gap-1">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t(person.muted ? 'people.unmuteLabel' : 'people.muteLabel', { name: person.name })}
                    onClick={() => onChange({ kind: 'mute', userId: person.user_id, muted: !person.muted })}
                  >
                    {t(person.muted ? 'people.unmute' : 'people.mute')}
                  </Button>
                  {person.is_host ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t('people.makeHostLabel', { name: person.name })}
                      onClick={() => setHandingTo({ userId: person.user_id, name: person.name })}
                    >
                      {t('people.makeHost')}
                    </Button>
                  )}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={handingTo !== null}
        onOpenChange={(open) => (open ? null : setHandingTo(null))}
        title={t('people.handOverTitle', { name: handingTo?.name ?? '' })}
        description={t('people.handOverDescription', { name: handingTo?.name ?? '' })}
        confirmLabel={t('people.handOverConfirm')}
        destructive={false}
        onConfirm={() => {
          if (handingTo) onChange({ kind: 'hand_over', userId: handingTo.userId });
          setHandingTo(null);
        }}
      />
      <section aria-labelledby="room-hands-title" className="rounded-lg border border-border bg-card p-4">
        <h2 id="room-hands-title" className="mb-2 text-lg font-semibold">
          {t('hands.title')}
        </h2>
        <Button
          variant={myHand ? 'secondary' : 'default'}
          aria-pressed={myHand}
          onClick={() => onChange({ kind: 'hand', raised: !myHand })}
        >
          <Hand aria-hidden="true" />
          {t(myHand ? 'hands.lower' : 'hands.raise')}
        </Button>
        {state.hands.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t('hands.none')}</p>
        ) : (
          <ol aria-label={t('hands.queue')} className="mt-2 flex list-decimal flex-col gap-1 pl-6 text-sm">
            {state.hands.map((hand) => (
              <li key={hand.user_id}>
                <span className="mr-2">{hand.name}</span>
                {me.can_moderate && hand.user_id !== me.user_id ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('hands.lowerFor', { name: hand.name })}
                    onClick={() => onChange({ kind: 'lower_hand', userId: hand.user_id })}
                  >
                    {t('hands.lowerShort')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
