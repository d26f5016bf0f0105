import { TOAST_MS } from '@portal/shared/constants';
import type { RecentAward } from '@portal/shared/gamification';
import { PartyPopper, Zap } from 'lucide-react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl-formats';

const formatMultiplier = (multiplier: number) =>
  numberFormat(i18n.language, { maximumFractionDigits: 1 }).format(multiplier);

export function showXpToast(award: RecentAward) {
  const reason = i18n.t(`gamification:events.${award.event_type}`);
  toast.success(i18n.t('gamification:toasts.xp', { xp: award.xp }), {
    description:
      award.multiplier > 1
        ? i18n.t('gamification:toasts.xpWithBonus', { reason, multiplier: formatMultiplier(award.multiplier) })
        : reason,
    icon: <Zap className="size-4" aria-hidden="true" />,
    duration: TOAST_MS.xp,
  });
}

export function showXpSummaryToast({ xp, count }: { xp: number; count: number }) {
  toast.success(i18n.t('gamification:toasts.xp', { xp }), {
    description: i18n.t('gamification:toasts.xpSummary', { count }),
    duration: TOAST_MS.xp,
  });
}

/** Celebratory, but the party icon is a celebration effect: Low-Stimulus mode hides it and stops its motion. */
export function showLevelUpToast(level: number) {
  toast.success(i18n.t('gamification:toasts.levelUp', { level }), {
    description: i18n.t('gamification:toasts.levelUpDescription'),
    icon: (
      <span data-celebration>
        <PartyPopper className="size-4 animate-bounce" aria-hidden="true" />
      </span>
    ),
    duration: TOAST_MS.levelUp,
  });
}

export function showBadgeToast({ key, threshold }: { key: string; threshold: number | undefined }) {
  toast.success(i18n.t('gamification:toasts.badge', { name: i18n.t(`gamification:badges.${key}.name`) }), {
    description:
      threshold === undefined ? undefined : i18n.t(`gamification:badges.${key}.description`, { count: threshold }),
    duration: TOAST_MS.badge,
  });
}

export function showPurchaseSucceededToast(item: { id: string; name: string }) {
  toast.success(i18n.t('gamification:toasts.purchased'), {
    description: i18n.t('gamification:toasts.purchasedDescription', {
      item: i18n.t(`gamification:shop.items.${item.id}.name`, { defaultValue: item.name }),
    }),
    duration: TOAST_MS.purchase,
  });
}

/** 'Purchase Failed' with the server's reason; without one (network, server error) the spec's generic text. */
export function showPurchaseFailedToast(error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    toast.error(i18n.t('gamification:toasts.purchaseFailed'), {
      description: error.message,
      duration: TOAST_MS.purchase,
    });
    return;
  }
  toast.error(i18n.t('gamification:toasts.purchaseError'), { duration: TOAST_MS.purchase });
}

export function showAwardFailedToast() {
  toast.error(i18n.t('gamification:toasts.awardFailed'), { duration: TOAST_MS.xp });
}
