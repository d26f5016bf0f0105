import { useLayoutEffect, useRef } from 'react';

/**
 * Dialogs opened from a button without a Radix trigger would drop focus on the page body when they close;
 * this remembers what had focus when the dialog opened and puts focus back there (or on the main region
 * when that element is gone, e.g. a deleted row's button).
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog moves focus inside itself.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return (event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected ? opener.current : document.getElementById('main');
    target?.focus();
  };
}
