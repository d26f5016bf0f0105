import { useEffect, useState } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function readCalm(): boolean {
  const comfort = document.documentElement.dataset.comfort;
  const reducedMotion = typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
  return comfort === 'focus' || comfort === 'low-stimulus' || reducedMotion;
}

/**
 * True in Focus Mode, Low-Stimulus or with reduced motion asked for: games then start untimed (the learner may
 * switch the clock on) and show no celebration.
 */
export function useCalmPlay(): boolean {
  const [calm, setCalm] = useState(readCalm);
  useEffect(() => {
    const update = () => setCalm(readCalm());
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-comfort'] });
    const media = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
    media?.addEventListener('change', update);
    return () => {
      observer.disconnect();
      media?.removeEventListener('change', update);
    };
  }, []);
  return calm;
}
