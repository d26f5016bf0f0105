import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { GameProps } from './round-player';

/** One question at a time; keys 1 to 5 pick an option. Answers are graded when the round ends. */
export function SprintGame({ round, onAnswer, onDone, announce }: GameProps) {
  const { t } = useTranslation('games');
  const [index, setIndex] = useState(0);
  const group = useRef<HTMLFieldSetElement>(null);
  const item = round.items[index];

  useEffect(() => {
    if (index >= 0) group.current?.querySelector('button')?.focus();
  }, [index]);

  if (!item) return null;
  const next = (answered: boolean) => {
    if (index + 1 >= round.items.length) {
      onDone();
      return;
    }
    announce(t(answered ? 'sprint.answered' : 'sprint.skipped', { number: index + 2 }));
    setIndex(index + 1);
  };
  const choose = (choiceId: string) => {
    onAnswer({ item_id: item.id, answer: choiceId });
    next(true);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: number keys are a shortcut; every option is also a button
    <div
      className="space-y-4"
      onKeyDown={(event) => {
        const choice = item.choices?.[Number(event.key) - 1];
        if (choice && !event.altKey && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
          choose(choice.id);
        }
      }}
    >
      <p className="text-sm text-muted-foreground">
        {t('sprint.progress', { number: index + 1, total: round.items.length })}
      </p>
      <fieldset ref={group} className="grid gap-2">
        <legend className="mb-2 text-lg font-medium">{item.prompt}</legend>
        {item.choices?.map((choice, position) => (
          <Button
            key={`${item.id}:${choice.id}`}
            variant="outline"
            className="h-auto min-h-11 justify-start whitespace-normal py-2 text-left"
            onClick={() => choose(choice.id)}
          >
            <span aria-hidden="true" className="text-muted-foreground">
              {position + 1}.
            </span>{' '}
            {choice.text}
          </Button>
        ))}
      </fieldset>
      <Button variant="ghost" onClick={() => next(false)}>
        {t('sprint.skip')}
      </Button>
    </div>
  );
}
