import { randomUUID } from 'node:crypto';
import {
  type GamificationSettings,
  localDay,
  type Shop,
  settleStreak,
  viewStreak,
  type XpResult,
} from '@portal/shared/gamification';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { AccountRow, ShopItemRow, StreakRow } from './gamification.repository.ts';
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

/** One shop item as the learner sees it: what it costs, how many they hold, whether they can buy it now. */
const shopItemView = (
  item: ShopItemRow,
  held: { account: AccountRow; owned: Set<string>; freezesHeld: number; at: Date },
): Shop['items'][number] => ({
  id: item.id,
  kind: item.kind,
  name: item.name,
  cost: item.cost,
  max_held: item.maxHeld,
  duration_minutes: item.durationMinutes,
  held:
    item.kind === 'streak_freeze' ? held.freezesHeld : item.kind === 'double_xp' ? 0 : held.owned.has(item.id) ? 1 : 0,
  owned: held.owned.has(item.id),
  equipped: held.account.equippedTheme === item.id || held.account.equippedFrame === item.id,
  unavailable: shopItemUnavailable(item, held),
});

/** The shop as the learner sees it: their balance, whether their plan has the shop, and every item. */
async function readShop(deps: GamificationDeps, userId: string): Promise<Shop> {
  const { repository, timeZoneOf, canUseShop, now } = deps;
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
    items: items.map((item) => shopItemView(item, { account, owned, freezesHeld: streak.freezes_held, at })),
  };
}

type PurchaseOrder = { userId: string; itemId: string; idempotencyKey?: string | undefined };

/** A purchase under the learner's account lock: the item, the key, the rules, and the learner's day and zone. */
type Purchase = {
  userId: string;
  item: ShopItemRow;
  key: string;
  settings: GamificationSettings;
  at: Date;
  today: string;
  timeZone: string;
};

type Settled = ReturnType<typeof settleStreak>;

/** Refuses a purchase the learner cannot make now: a freeze beyond the most held, a boost running, an item owned. */
async function refusePurchase(
  deps: GamificationDeps,
  tx: Db,
  { purchase, account, settled }: { purchase: Purchase; account: AccountRow; settled: Settled },
) {
  const { item, at, userId } = purchase;
  if (item.kind === 'streak_freeze' && item.maxHeld !== null && settled.state.freezesHeld >= item.maxHeld) {
    throw conflict(`You already hold ${item.maxHeld} streak freezes, the most you can keep.`);
  }
  if (item.kind === 'double_xp' && account.doubleXpUntil && account.doubleXpUntil > at) {
    throw conflict('Your double XP boost is still running.');
  }
  if (
    (item.kind === 'theme' || item.kind === 'frame') &&
    (await deps.repository.ownedItemIds(userId, tx)).has(item.id)
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
}

/** Spends the item's cost: the ledger row, the purchase and the account (a boost started, a theme or frame worn). */
async function spendOnItem(deps: GamificationDeps, tx: Db, { userId, item, key, today, at }: Purchase) {
  const { repository } = deps;
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
  return repository.updateAccount(tx, userId, {
    addSpent: item.cost,
    ...(item.kind === 'double_xp'
      ? { doubleXpUntil: new Date(at.getTime() + (item.durationMinutes ?? 30) * 60_000) }
      : {}),
    ...(item.kind === 'theme' ? { equippedTheme: item.id } : {}),
    ...(item.kind === 'frame' ? { equippedFrame: item.id } : {}),
  });
}

/** A bought streak freeze: one more held, with the missed days settled first. */
async function addStreakFreeze(
  deps: GamificationDeps,
  tx: Db,
  { purchase, streakRow, settled }: { purchase: Purchase; streakRow: StreakRow | undefined; settled: Settled },
) {
  const { userId, timeZone } = purchase;
  const state = { ...settled.state, freezesHeld: settled.state.freezesHeld + 1 };
  await deps.repository.saveStreak(
    tx,
    streakRowFrom(userId, 'learning', state, {
      freezesUsed: (streakRow?.freezesUsed ?? 0) + settled.frozenDays.length,
      timeZone: streakRow?.timeZone ?? timeZone,
    }),
  );
  await deps.repository.addFreezeDays(tx, userId, 'learning', settled.frozenDays);
}

/** The purchase inside its transaction, the account locked; `changed` gathers the tables it wrote. */
async function purchaseLocked(deps: GamificationDeps, tx: Db, purchase: Purchase, changed: Set<WatchedTable>) {
  const { repository } = deps;
  const { userId, item, key, settings, at, today } = purchase;
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
  await refusePurchase(deps, tx, { purchase, account, settled });
  const updated = await spendOnItem(deps, tx, purchase);
  changed.add('user_xp');
  if (item.kind === 'streak_freeze') {
    await addStreakFreeze(deps, tx, { purchase, streakRow, settled });
    changed.add('streaks');
  }
  return resultFor(updated, settings, {
    multiplier: currentMultiplier(updated, settled.state.current, at),
    item_purchased: { id: item.id, name: item.name },
    xp_spent: item.cost,
  });
}

/** purchase_item: the item, the rules and the learner's day read first, then bought under the account's lock. */
async function purchaseItem(deps: GamificationDeps, { userId, itemId, idempotencyKey }: PurchaseOrder) {
  const { repository, timeZoneOf, now } = deps;
  const item = await repository.findShopItem(itemId);
  if (!item) throw new AppError('not_found', 'This item is not in the shop.');
  const [{ settings }, timeZone] = await Promise.all([repository.loadSettings(), timeZoneOf(userId)]);
  const at = now();
  const today = localDay(at, timeZone);
  const key = `purchase:${idempotencyKey ?? randomUUID()}`;
  const purchase: Purchase = { userId, item, key, settings, at, today, timeZone };
  const changed = new Set<WatchedTable>();
  const result = await repository.transaction((tx) => purchaseLocked(deps, tx, purchase, changed));
  publishChanges(deps, userId, changed);
  return result;
}

/** Wears an owned theme or frame, under the account's lock, and answers the shop as it now is. */
async function equipItem(deps: GamificationDeps, userId: string, itemId: string): Promise<Shop> {
  const { repository } = deps;
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
  return readShop(deps, userId);
}

/** The points shop: what the learner can buy, buying (XP spent once per key), wearing a theme or frame. */
export function createShop(deps: GamificationDeps) {
  return {
    getShop: (userId: string): Promise<Shop> => readShop(deps, userId),

    /**
     * purchase_item: one transaction with the learner's account row locked, so concurrent purchases are counted one
     * after the other and the balance never goes below zero. A repeated idempotency key returns the first answer.
     */
    purchaseItem: (order: PurchaseOrder): Promise<XpResult> => purchaseItem(deps, order),

    /** Wears a theme or frame the learner owns. */
    equipItem: (userId: string, itemId: string): Promise<Shop> => equipItem(deps, userId, itemId),
  };
}
