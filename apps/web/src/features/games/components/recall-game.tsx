import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { GameProps } from './round-player';

/** Type each answer; case, accents and full-width letters do not matter. Enter saves and moves on. */
export function RecallGame({ round, onAnswer, onDone, announce }: GameProps) {
  const { t } = useTranslation('games');
  const [index, setIndex] = useState(0);
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const promptId = useId();
  const hintId = useId();
  const item = round.items[index];
  if (!item) return null;

  const next = (answered: boolean) => {
    setValue('');
    input.current?.focus();
    const following = round.items[index + 1];
    if (!following) {
      onDone();
      return;
    }
    announce(
      t(answered ? 'recall.saved' : 'recall.skipped', {
        number: index + 2,
        total: round.items.length,
        prompt: following.prompt,
      }),
    );
    setIndex(index + 1);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    onAnswer({ item_id: item.id, answer: value });
    next(true);
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {t('recall.progress', { number: index + 1, total: round.items.length })}
      </p>
      <p id={promptId} className="text-lg font-medium">
        {item.prompt}
      </p>
      {item.hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {t('recall.hint', { hint: item.hint })}
        </p>
      ) : null}
      <div className="space-y-1">
        <Label htmlFor="recall-answer">{t('recall.answer')}</Label>
        <Input
          id="recall-answer"
          ref={input}
          value={value}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={item.hint ? `${promptId} ${hintId}` : promptId}
          onChange={(event) => setValue(event.target.value)}
          autoFocus
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit">{t('recall.submit')}</Button>
        <Button variant="ghost" onClick={() => next(false)}>
          {t('recall.skip')}
        </Button>
      </div>
    </form>
  );
}
