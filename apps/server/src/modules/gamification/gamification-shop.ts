import { randomUUID } from 'node:crypto';
import { localDay, type Shop, settleStreak, viewStreak, type XpResult } from '@portal/shared/gamification';
import { AppError } from '../../errors.ts';
import type { AccountRow, ShopItemRow } from './gamification.repository.ts';
import {
  balanceOf,
  changedHere,
  conflict,
  currentMultiplier,
  type GamificationDeps,
  publishChanges,
  resultFor,
  streakRowFrom,
  toStreakState,
  type WatchedTable,
} from './gamification-rules.ts';

const shopItemUnavailable = (
  item: ShopItemRow,
  { account, owned, freezesHeld, at }: { account: AccountRow; owned: Set<string>; freezesHeld: number; at: Date },
): Shop['items'][number]['unavailable'] => {
  if ((item.kind === 'theme' || item.kind === 'frame') && owned.has(item.id)) return 'owned';
  if (item.kind === 'streak_freeze' && item.maxHeld !== null && freezesHeld >= item.maxHeld) return 'max_held';
  if (item.kind === 'double_xp' && account.doubleXpUntil && account.doubleXpUntil > at) return 'active';
  if (balanceOf(account) < item.cost) return 'balance';
  return null;
};

/** The points shop: what the learner can buy, buying (XP spent once per key), wearing a theme or frame. */
export function createShop(deps: GamificationDeps) {
  const { repository, timeZoneOf, canUseShop, now } = deps;

  async function getShop(userId: string): Promise<Shop> {
    const timeZone = await timeZoneOf(userId);
    const at = now();
    const [items, account, owned, streak, allowed] = await Promise.all([
      repository.listShopItems(),
      repository.findAccount(userId),
      repository.ownedItemIds(userId),
      repository.findStreak(userId, 'learning').then((row) => viewStreak(toStreakState(row), localDay(at, timeZone))),
      canUseShop(userId),
    ]);
    return {
      balance: balanceOf(account),
      allowed,
      double_xp_until: account.doubleXpUntil && account.doubleXpUntil > at ? account.doubleXpUntil.toISOString() : null,
      items: items.map((item) => ({
        id: item.id,
        kind: item.kind,
        name: item.name,
        cost: item.cost,
        max_held: item.maxHeld,
        duration_minutes: item.durationMinutes,
        held:
          item.kind === 'streak_freeze'
            ? streak.freezes_held
            : item.kind === 'double_xp'
              ? 0
              : owned.has(item.id)
                ? 1
                : 0,
        owned: owned.has(item.id),
        equipped: account.equippedTheme === item.id || account.equippedFrame === item.id,
        unavailable: shopItemUnavailable(item, { account, owned, freezesHeld: streak.freezes_held, at }),
      })),
    };
  }

  return {
    getShop,

    /**
     * purchase_item: one transaction with the learner's account row locked, so concurrent purchases are counted one
     * after the other and the balance never goes below zero. A repeated idempotency key returns the first answer.
     */
    async purchaseItem({
      userId,
      itemId,
      idempotencyKey,
    }: {
      userId: string;
      itemId: string;
      idempotencyKey?: string | undefined;
    }): Promise<XpResult> {
      const item = await repository.findShopItem(itemId);
      if (!item) throw new AppError('not_found', 'This item is not in the shop.');
      const [{ settings }, timeZone] = await Promise.all([repository.loadSettings(), timeZoneOf(userId)]);
      const at = now();
      const today = localDay(at, timeZone);
      const key = `purchase:${idempotencyKey ?? randomUUID()}`;
      const changed = new Set<WatchedTable>();
      const result = await repository.transaction(async (tx) => {
        const account = await repository.lockAccount(tx, userId);
        const streakRow = await repository.findStreak(userId, 'learning', tx);
        const settled = settleStreak(toStreakState(streakRow), today);
        const previous = await repository.findPurchase(tx, userId, key);
        if (previous) {
          if (previous.itemId !== item.id) throw conflict('This purchase key was already used for another item.');
          return resultFor(account, settings, {
            multiplier: currentMultiplier(account, settled.state.current, at),
            item_purchased: { id: item.id, name: item.name },
            xp_spent: previous.cost,
            duplicate: true,
          });
        }
        if (item.kind === 'streak_freeze' && item.maxHeld !== null && settled.state.freezesHeld >= item.maxHeld) {
          throw conflict(`You already hold ${item.maxHeld} streak freezes, the most you can keep.`);
        }
        if (item.kind === 'double_xp' && account.doubleXpUntil && account.doubleXpUntil > at) {
          throw conflict('Your double XP boost is still running.');
        }
        if (
          (item.kind === 'theme' || item.kind === 'frame') &&
          (await repository.ownedItemIds(userId, tx)).has(item.id)
        ) {
          throw conflict('You already own this item.');
        }
        const balance = balanceOf(account);
        if (balance < item.cost) {
          throw new AppError(
            'insufficient_xp',
            `Not enough XP: ${item.name} costs ${item.cost} XP and your balance is ${balance} XP.`,
          );
        }
        await repository.insertLedgerEntry(tx, {
          userId,
          kind: 'spend',
          eventType: 'purchase',
          subjectId: item.id,
          idempotencyKey: key,
          baseXp: -item.cost,
          multiplier: 1,
          xp: -item.cost,
          localDay: today,
        });
        await repository.insertPurchase(tx, { userId, itemId: item.id, cost: item.cost, idempotencyKey: key });
        const updated = await repository.updateAccount(tx, userId, {
          addSpent: item.cost,
          ...(item.kind === 'double_xp'
            ? { doubleXpUntil: new Date(at.getTime() + (item.durationMinutes ?? 30) * 60_000) }
            : {}),
          ...(item.kind === 'theme' ? { equippedTheme: item.id } : {}),
          ...(item.kind === 'frame' ? { equippedFrame: item.id } : {}),
        });
        changed.add('user_xp');
        if (item.kind === 'streak_freeze') {
          const state = { ...settled.state, freezesHeld: settled.state.freezesHeld + 1 };
          await repository.saveStreak(
            tx,
            streakRowFrom(userId, 'learning', state, {
              freezesUsed: (streakRow?.freezesUsed ?? 0) + settled.frozenDays.length,
              timeZone: streakRow?.timeZone ?? timeZone,
            }),
          );
          await repository.addFreezeDays(tx, userId, 'learning', settled.frozenDays);
          changed.add('streaks');
        }
        return resultFor(updated, settings, {
          multiplier: currentMultiplier(updated, settled.state.current, at),
          item_purchased: { id: item.id, name: item.name },
          xp_spent: item.cost,
        });
      });
      publishChanges(deps, userId, changed);
      return result;
    },

    /** Wears a theme or frame the learner owns. */
    async equipItem(userId: string, itemId: string): Promise<Shop> {
      const item = await repository.findShopItem(itemId);
      if (!item || (item.kind !== 'theme' && item.kind !== 'frame')) {
        throw new AppError('not_found', 'Only themes and frames you own can be worn.');
      }
      await repository.transaction(async (tx) => {
        await repository.lockAccount(tx, userId);
        if (!(await repository.ownedItemIds(userId, tx)).has(item.id)) throw conflict('You do not own this item yet.');
        await repository.updateAccount(
          tx,
          userId,
          item.kind === 'theme' ? { equippedTheme: item.id } : { equippedFrame: item.id },
        );
      });
      changedHere(deps, userId);
      return getShop(userId);
    },
  };
}
