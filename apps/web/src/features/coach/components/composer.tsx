import { COACH_MESSAGE_MAX } from '@portal/shared/coach';
import { Send, Square } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/**
 * The message box: Enter sends, Shift+Enter starts a new line; while an answer is written, Stop ends it. A question
 * that was not taken (`onSend` resolves false) comes back into the box, unless the learner has started another.
 */
export function Composer({
  onSend,
  onStop,
  streaming,
  disabledReason,
}: {
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
  streaming: boolean;
  /** Why nothing can be sent now (today's messages are used up); Send and Enter then do nothing. */
  disabledReason: string | null;
}) {
  const { t } = useTranslation('coach');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const id = useId();
  const counterId = `${id}-counter`;
  const reasonId = `${id}-reason`;
  const tooLong = text.length > COACH_MESSAGE_MAX;
  const canSend = !streaming && !sending && !disabledReason && text.trim().length > 0 && !tooLong;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    const typed = text;
    setSending(true);
    setText('');
    const taken = await onSend(typed.trim()).finally(() => setSending(false));
    if (!taken) setText((current) => (current === '' ? typed : current));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <Label htmlFor={id}>{t('composer.label')}</Label>
      <Textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('composer.placeholder')}
        aria-describedby={disabledReason ? `${counterId} ${reasonId}` : counterId}
        aria-invalid={tooLong}
        rows={3}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={counterId} className={tooLong ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
          {t('composer.counter', { count: text.length, max: COACH_MESSAGE_MAX })}
          <span className="sr-only"> {t('composer.hint')}</span>
        </p>
        {disabledReason ? (
          <p id={reasonId} className="ms-auto text-sm text-muted-foreground">
            {disabledReason}
          </p>
        ) : null}
        {streaming ? (
          <Button type="button" variant="outline" onClick={onStop}>
            <Square aria-hidden="true" />
            {t('composer.stop')}
          </Button>
        ) : (
          <Button type="submit" disabled={!canSend}>
            <Send aria-hidden="true" />
            {t('composer.send')}
          </Button>
        )}
      </div>
    </form>
  );
}
