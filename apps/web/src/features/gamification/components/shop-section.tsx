import type { Shop, ShopItemView } from '@portal/shared/gamification';
import { Check, Frame, Palette, ShoppingBag, Snowflake, Zap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useEquipItem } from '../api/equip-item';
import { usePurchaseItem } from '../api/purchase-item';
import { formatNumber } from '../utils/format';
import { showPurchaseFailedToast, showPurchaseSucceededToast } from './gamification-toasts';

const KIND_ICONS = { streak_freeze: Snowflake, double_xp: Zap, theme: Palette, frame: Frame } as const;

function ShopItemCard({
  item,
  allowed,
  balance,
  onBuy,
}: {
  item: ShopItemView;
  allowed: boolean;
  balance: number;
  onBuy: (item: ShopItemView) => void;
}) {
  const { t, i18n } = useTranslation('gamification');
  const equip = useEquipItem();
  const Icon = KIND_ICONS[item.kind];
  const name = t(`shop.items.${item.id}.name`, { defaultValue: item.name });
  const cosmetic = item.kind === 'theme' || item.kind === 'frame';
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-medium">{name}</h3>
          <p className="text-sm text-muted-foreground">
            {t(`shop.items.${item.id}.description`, {
              defaultValue: '',
              max: item.max_held ?? 0,
              minutes: item.duration_minutes ?? 0,
            })}
          </p>
        </div>
      </div>
      {item.kind === 'streak_freeze' ? (
        <p className="text-xs text-muted-foreground">{t('shop.held', { held: item.held, max: item.max_held ?? 0 })}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold">{t('shop.cost', { xp: formatNumber(item.cost, i18n.language) })}</span>
        {cosmetic && item.owned ? (
          item.equipped ? (
            <Badge>
              <Check className="mr-1 size-3" aria-hidden="true" />
              {t('shop.wearing')}
            </Badge>
          ) : (
            <Button
              size="sm"
              variant="outline"
              disabled={!allowed || equip.isPending}
              onClick={() => equip.mutate(item.id, { onError: showPurchaseFailedToast })}
              aria-label={t('shop.wearLabel', { item: name })}
            >
              {t('shop.wear')}
            </Button>
          )
        ) : (
          <Button
            size="sm"
            disabled={!allowed || item.unavailable !== null}
            onClick={() => onBuy(item)}
            aria-label={t('shop.buyLabel', { item: name })}
          >
            {t('shop.buy')}
          </Button>
        )}
      </div>
      {item.unavailable && item.unavailable !== 'owned' ? (
        <p className="text-xs text-muted-foreground">
          {t(`shop.unavailable.${item.unavailable}`, {
            xp: formatNumber(Math.max(item.cost - balance, 0), i18n.language),
            max: item.max_held ?? 0,
          })}
        </p>
      ) : null}
    </Card>
  );
}

/** Items bought with XP: a purchase is confirmed first, and the server decides whether the balance covers it. */
export function ShopSection({ shop }: { shop: Shop }) {
  const { t, i18n } = useTranslation('gamification');
  const purchase = usePurchaseItem();
  const [confirming, setConfirming] = useState<{ item: ShopItemView; key: string } | null>(null);
  const number = (value: number) => formatNumber(value, i18n.language);
  const confirmName = confirming
    ? t(`shop.items.${confirming.item.id}.name`, { defaultValue: confirming.item.name })
    : '';

  const buy = () => {
    if (!confirming) return;
    purchase.mutate(
      { itemId: confirming.item.id, idempotencyKey: confirming.key },
      {
        onSuccess: (result) => {
          if (result.item_purchased) showPurchaseSucceededToast(result.item_purchased);
          setConfirming(null);
        },
        onError: (error) => {
          showPurchaseFailedToast(error);
          setConfirming(null);
        },
      },
    );
  };

  return (
    <section aria-labelledby="shop-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h2 id="shop-heading" className="flex items-center gap-2 text-lg font-semibold">
          <ShoppingBag className="size-5 text-primary" aria-hidden="true" />
          {t('shop.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('shop.balance', { xp: number(shop.balance) })}</p>
      </div>
      {shop.allowed ? null : (
        <Alert variant="info" className="flex flex-wrap items-center justify-between gap-3">
          <span>{t('shop.planRequired')}</span>
          <Button asChild size="sm" variant="outline">
            <Link to="/dashboard/subscription">{t('shop.seePlans')}</Link>
          </Button>
        </Alert>
      )}
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {shop.items.map((item) => (
          <li key={item.id}>
            <ShopItemCard
              item={item}
              allowed={shop.allowed}
              balance={shop.balance}
              onBuy={(chosen) => setConfirming({ item: chosen, key: crypto.randomUUID() })}
            />
          </li>
        ))}
      </ul>
      <Dialog open={confirming !== null} onOpenChange={(open) => (open ? null : setConfirming(null))}>
        <DialogContent closeLabel={t('shop.cancel')}>
          <DialogTitle>{t('shop.confirmTitle', { item: confirmName })}</DialogTitle>
          <DialogDescription>
            {confirming
              ? t('shop.confirmDescription', {
                  cost: number(confirming.item.cost),
                  after: number(shop.balance - confirming.item.cost),
                })
              : null}
          </DialogDescription>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(null)}>
              {t('shop.cancel')}
            </Button>
            <Button onClick={buy} disabled={purchase.isPending}>
              {confirming ? t('shop.confirm', { cost: number(confirming.item.cost) }) : null}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
