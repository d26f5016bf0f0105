import type { BetaUpdateType } from '@portal/shared/beta';
import { CircleCheck, Info, type LucideIcon, Sparkles, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const LOOK: Record<BetaUpdateType, { icon: LucideIcon; card: string; iconClass: string }> = {
  success: { icon: CircleCheck, card: 'border-l-success', iconClass: 'text-success' },
  warning: { icon: TriangleAlert, card: 'border-l-warning', iconClass: 'text-warning' },
  feature: { icon: Sparkles, card: 'border-l-primary bg-accent', iconClass: 'text-primary' },
  info: { icon: Info, card: 'border-l-muted-foreground', iconClass: 'text-muted-foreground' },
};

/**
 * A beta update as the toast shows it: coloured by type, with the type also written out, and the title and message
 * as plain text (HTML in them is shown, never run). The admin preview renders the same card without a live button.
 */
export function BetaToastCard({
  title,
  message,
  type,
  onDismiss,
}: {
  title: string;
  message: string;
  type: BetaUpdateType;
  /** Without it the card is a preview: the Dismiss button is drawn but does nothing. */
  onDismiss?: () => void;
}) {
  const { t } = useTranslation('beta');
  const look = LOOK[type];
  const Icon = look.icon;
  return (
    <div
      data-beta-type={type}
      className={cn(
        'flex w-full gap-3 rounded-lg border border-l-4 border-border bg-card p-4 text-foreground shadow-lg sm:w-[356px]',
        look.card,
      )}
    >
      <Icon className={cn('mt-0.5 size-5 shrink-0', look.iconClass)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t(`types.${type}`)}</p>
        <p className="font-semibold break-words">{title}</p>
        {message ? <p className="mt-1 text-sm whitespace-pre-line break-words">{message}</p> : null}
      </div>
      {onDismiss ? (
        <Button size="sm" variant="outline" className="shrink-0 self-start" onClick={onDismiss}>
          {t('toast.dismiss')}
        </Button>
      ) : (
        <span
          className={cn(buttonVariants({ size: 'sm', variant: 'outline' }), 'shrink-0 self-start')}
          aria-hidden="true"
        >
          {t('toast.dismiss')}
        </span>
      )}
    </div>
  );
}
