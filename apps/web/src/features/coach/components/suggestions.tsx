import type { Suggestion } from '@portal/shared/coach';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Prompts chosen from the learner's state (due cards, a weak lesson, the next lesson); a click asks it. */
export function Suggestions({
  suggestions,
  onAsk,
  disabled,
}: {
  suggestions: Suggestion[];
  onAsk: (text: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('coach');
  if (suggestions.length === 0) return null;
  return (
    <section aria-labelledby="coach-suggestions" className="flex flex-col gap-2">
      <h2 id="coach-suggestions" className="text-sm font-medium text-muted-foreground">
        {t('suggestions.heading')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {suggestions.map((suggestion) => {
          const text = t(`suggestions.${suggestion.kind}`, { topic: suggestion.topic ?? '' });
          return (
            <li key={`${suggestion.kind}-${suggestion.topic ?? ''}`}>
              <Button size="sm" variant="secondary" disabled={disabled} onClick={() => onAsk(text)}>
                {text}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
