import { Sparkles } from 'lucide-react';
import { Popover } from 'radix-ui';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

const WhatsNewList = lazy(() => import('./whats-new-list').then((m) => ({ default: m.WhatsNewList })));

/** The button with the unread count and the list it opens. */
export function WhatsNewPopover({ unread }: { unread: number }) {
  const { t } = useTranslation('beta');
  const headingId = useId();
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={t('whatsNew.open', { count: unread })}>
          <Sparkles aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-semibold text-primary-foreground"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-labelledby={headingId}
          className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-lg border border-border bg-card p-4 text-foreground shadow-lg"
        >
          <Suspense fallback={null}>
            <WhatsNewList headingId={headingId} />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
