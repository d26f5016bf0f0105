import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { GameProps } from './round-player';

/**
 * Match by keyboard or pointer: choose a term, then its definition. Both lists are buttons; a match takes the pair
 * away, a miss keeps it, and each outcome is announced.
 */
export function MatchGame({ round, onAnswer, onDone, announce }: GameProps) {
  const { t } = useTranslation('games');
  const [matched, setMatched] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const terms = round.items.filter((item) => !matched.has(item.id));
  const definitions = (round.definitions ?? []).filter((definition) => !matched.has(definition.id));
  const termText = (id: string) => round.items.find((item) => item.id === id)?.prompt ?? '';
  // Lists only shrink, so the button to focus next is already on the page.
  const focusLater = (key: string | undefined) => {
    if (key) buttons.current.get(key)?.focus();
  };

  const chooseTerm = (id: string) => {
    setSelected(id);
    announce(t('match.selected', { term: termText(id) }));
    focusLater(definitions[0] ? `d:${definitions[0].id}` : undefined);
  };
  const chooseDefinition = (id: string, text: string) => {
    if (!selected) {
      announce(t('match.termFirst'));
      focusLater(terms[0] ? `t:${terms[0].id}` : undefined);
      return;
    }
    onAnswer({ item_id: selected, answer: id });
    setSelected(null);
    if (id !== selected) {
      announce(t('match.miss', { term: termText(selected), definition: text }));
      focusLater(`t:${selected}`);
      return;
    }
    const next = new Set(matched).add(id);
    setMatched(next);
    const remaining = round.items.filter((item) => !next.has(item.id));
    announce(t('match.matched', { term: termText(id), definition: text, count: remaining.length }));
    if (remaining.length === 0) onDone();
    else focusLater(`t:${remaining[0]?.id}`);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first term takes focus once, when the round starts
  useEffect(() => {
    focusLater(round.items[0] ? `t:${round.items[0].id}` : undefined);
  }, []);

  const itemClass = 'h-auto min-h-11 w-full justify-start whitespace-normal py-2 text-left';
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        <h3 id="match-terms" className="mb-2 font-medium">
          {t('match.terms')}
        </h3>
        <ul aria-labelledby="match-terms" className="space-y-2">
          {terms.map((item) => (
            <li key={item.id}>
              <Button
                ref={(node) => {
                  buttons.current.set(`t:${item.id}`, node);
                }}
                variant={selected === item.id ? 'default' : 'outline'}
                aria-pressed={selected === item.id}
                className={itemClass}
                onClick={() => chooseTerm(item.id)}
              >
                {item.prompt}
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 id="match-definitions" className="mb-2 font-medium">
          {t('match.definitions')}
        </h3>
        <ul aria-labelledby="match-definitions" className="space-y-2">
          {definitions.map((definition) => (
            <li key={definition.id}>
              <Button
                ref={(node) => {
                  buttons.current.set(`d:${definition.id}`, node);
                }}
                variant="outline"
                className={cn(itemClass, selected ? 'border-primary' : undefined)}
                onClick={() => chooseDefinition(definition.id, definition.text)}
              >
                {definition.text}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
