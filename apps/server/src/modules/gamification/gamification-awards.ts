import {
  type AwardXpBody,
  type GamificationSettings,
  localDay,
  type XpEventType,
  type XpResult,
} from '@portal/shared/gamification';
import { shiftLocalDate, startOfLocalDate } from '@portal/shared/time-zone';
import { AppError } from '../../errors.ts';
import { createWriteBatches } from '../../write-batches.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
import type { AccountRow } from './gamification.repository.ts';
import type { AwardKey, ClaimedAward, VersionedAccount } from './gamification-award.repository.ts';
import { createKeptAwards, type KeptAwards, type KeptKey } from './gamification-award-kept.ts';
import { type AwardContext, type AwardHeld, type AwardPlan, planAward } from './gamification-award-plan.ts';
import { createAwardProgress } from './gamification-award-progress.ts';
import {
  AWARDS_PER_STATEMENT,
  type AwardAtOnce,
  type AwardClaim,
  type AwardWrite,
} from './gamification-awards-at-once.ts';
import {
  type AwardInput,
  awardForDomainEvent,
  awardKeyFor,
  awardReadsPayload,
  changedHere,
  type GamificationDeps,
  publishChanges,
  type WatchedTable,
  XP_DOMAIN_EVENT,
} from './gamification-rules.ts';

type AwardRead = Awaited<ReturnType<GamificationDeps['repository']['readAward']>>;
type AwardXp = (
  input: AwardInput,
  known?: { timeZone?: string; read?: AwardRead; settings?: GamificationSettings },
) => Promise<XpResult>;

/** An award decided again under the learner's account lock: a learner's first, or one whose account changed. */
async function awardUnderLock(deps: GamificationDeps, input: AwardInput, key: AwardKey, context: AwardContext) {
  const { repository } = deps;
  const locked = await repository.transaction(async (tx) => {
    const lockedAccount = await repository.lockAccount(tx, input.userId);
    // Read under the account's lock: no other award of this learner moves any of it meanwhile.
    const lockedHeld = await repository.readAwardHeld(key, tx);
    const plan = planAward(input, lockedAccount, lockedHeld, context);
    if (!plan.write) return { result: plan.result, changed: new Set<WatchedTable>() };
    const [saved] = await repository.saveAwards([{ version: lockedAccount.version, write: plan.write }], tx);
    if (!saved) throw new Error('An award under the account’s lock found the account changed.');
    return { result: plan.finish(saved.grantedBadges), changed: plan.changed };
  });
  publishChanges(deps, input.userId, locked.changed);
  return locked.result;
}

/** The window a claimed event decided unread must have happened in: its local day, after any double XP ran out. */
function claimWindow(claim: Pick<AwardClaim, 'domainType' | 'subjectId'>, account: AccountRow, context: AwardContext) {
  const { day, timeZone, occurredAt } = context;
  let from = startOfLocalDate(day, timeZone);
  // An event before a boost ran out earned double: decided as now, it must have happened after.
  const boostEnd = account.doubleXpUntil;
  if (boostEnd && boostEnd <= occurredAt && boostEnd > from) from = boostEnd;
  return { ...claim, from, until: startOfLocalDate(shiftLocalDate(day, 1), timeZone) };
}

/** How decided awards are saved: gathered into shared statements under load, and kept per learner once saved. */
function createAwardSaving(deps: GamificationDeps, kept: KeptAwards) {
  /** Awards decided, gathered into shared statements under load (see `createWriteBatches`). */
  const awardsAtOnce = createWriteBatches({
    send: (awards: AwardAtOnce[]) => deps.repository.saveAwards(awards),
    shapeOf: () => 'award',
    learnerOf: (award) => award.write.ledger.userId,
    perStatement: AWARDS_PER_STATEMENT,
  });

  /** Saves a decided award unless its account changed: its answer, kept state and tabs told; undefined when not. */
  const saveDecided = async (
    decided: { account: VersionedAccount; held: AwardHeld; plan: Extract<AwardPlan, { write: AwardWrite }> },
    keptKey: KeptKey,
    unread?: AwardAtOnce['unread'],
  ) => {
    const [{ account, held, plan }, { userId }] = [decided, keptKey];
    // The learner's tabs hear of the change from the write itself, when it commits.
    const notices = deps.noticesOf?.(userId, [...plan.changed]);
    const saved = await awardsAtOnce.save({ version: account.version, write: plan.write, notices, unread });
    if (!saved) return undefined;
    kept.done({ key: keptKey, account, held, write: plan.write, version: saved.version });
    const result = plan.finish(saved.grantedBadges);
    if (notices) changedHere(deps, userId);
    else publishChanges(deps, userId, plan.changed);
    return result;
  };

  /**
   * An award decided from the learner's state kept on this instance and saved in one round trip, its key (and the
   * event it claims, if any) checked by the write; undefined when the learner is not kept or the write did not go
   * ahead (the caller reads and decides again).
   */
  const fromKept = async (
    input: AwardInput,
    context: AwardContext,
    keptKey: KeptKey,
    claim: Pick<AwardClaim, 'domainType' | 'subjectId'> | null,
  ): Promise<XpResult | undefined> => {
    const decided = kept.held(keptKey);
    if (!decided) return undefined;
    const plan = planAward(input, decided.account, decided.held, context);
    // An award that writes nothing is answered from what is read, where its key's earlier use is known.
    if (!plan.write) return undefined;
    const unread = { claim: claim && claimWindow(claim, decided.account, context) };
    const result = await saveDecided({ ...decided, plan }, keptKey, unread);
    if (!result) kept.drop(keptKey.userId);
    return result;
  };
  return { saveDecided, fromKept };
}

/** award_xp itself, with the awards of many learners gathered into shared statements under load. */
function createAwardXp(deps: GamificationDeps, kept: KeptAwards) {
  const { repository, timeZoneOf, now } = deps;
  const { saveDecided, fromKept } = createAwardSaving(deps, kept);

  /**
   * award_xp: the one place XP is computed. Most awards are decided from the learner's state kept on this instance
   * (`fromKept`), or read, and written in one statement with no lock held in between: the write goes ahead only if
   * the learner's account is still the version decided from (`saveAwards`), in a statement it may share with other
   * learners' awards. An award whose account changed meanwhile (another award of the same learner, a purchase) is
   * decided again under the account's lock, as is a learner's first. `known.read` is what `readAward` answered for
   * this award's key under `known.settings`, when the caller read it already.
   */
  const awardXp: AwardXp = async (input, known = {}) => {
    const { userId } = input;
    const [settings, timeZone] = await Promise.all([
      known.settings ?? repository.loadSettings().then((loaded) => loaded.settings),
      known.timeZone ? Promise.resolve(known.timeZone) : timeZoneOf(userId),
    ]);
    const occurredAt = input.occurredAt ?? now();
    const context = { settings, day: localDay(occurredAt, timeZone), timeZone, occurredAt };
    const capped = settings.xp_rules[input.eventType].daily_cap !== null;
    const key = { userId, idempotencyKey: input.idempotencyKey, eventType: input.eventType, day: context.day, capped };
    const keptKey = { ...key, settings, timeZone };
    if (!known.read) {
      const done = await fromKept(input, context, keptKey, null);
      if (done) return done;
    }
    const { account, ...held } = known.read ?? (await repository.readAward(key));
    if (account) {
      const plan = planAward(input, account, held, context);
      if (!plan.write) return plan.result;
      const done = await saveDecided({ account, held, plan }, keptKey);
      if (done) return done;
    }
    kept.drop(userId);
    return awardUnderLock(deps, input, key, context);
  };
  return { awardXp, fromKept };
}

/** The daily-login award, remembered per learner so most signed-in visits cost no database work. */
function createDailyLogin(deps: GamificationDeps, awardXp: AwardXp) {
  const { timeZoneOf, logger, now } = deps;
  // Who already got today's login XP on this instance, so most visits cost no database work.
  const loginSeen = new Map<string, { day: string; timeZone: string }>();

  const awardDailyLogin = async (userId: string): Promise<XpResult> => {
    const timeZone = await timeZoneOf(userId);
    const at = now();
    const day = localDay(at, timeZone);
    const result = await awardXp(
      {
        userId,
        eventType: 'daily_login',
        subjectId: day,
        value: null,
        idempotencyKey: `daily_login:${day}`,
        occurredAt: at,
      },
      { timeZone },
    );
    if (loginSeen.size > 100_000) loginSeen.clear();
    loginSeen.set(userId, { day, timeZone });
    return result;
  };

  return {
    awardDailyLogin,

    /** The first signed-in visit of a local day earns the daily-login XP; never fails the request. */
    async noteSignedInVisit(userId: string): Promise<void> {
      const seen = loginSeen.get(userId);
      if (seen && localDay(now(), seen.timeZone) === seen.day) return;
      try {
        await awardDailyLogin(userId);
      } catch (error) {
        logger.warn({ err: error, userId }, 'daily login XP not awarded');
      }
    },
  };
}

/**
 * A claim decided from what the instance keeps of the learner, as if its event happened now (the write checks it
 * happened today, where the XP decided holds); undefined when it cannot be (the caller reads the event). The awards
 * of events whose XP follows from their payload are always read.
 */
function claimFromKept(
  fromKept: ReturnType<typeof createAwardSaving>['fromKept'],
  claim: AwardKey & Pick<AwardClaim, 'domainType' | 'subjectId'> & { settings: GamificationSettings },
  { timeZone, at }: { timeZone: string; at: Date },
) {
  if (awardReadsPayload(claim.domainType)) return undefined;
  const { domainType, subjectId, settings, ...key } = claim;
  const input = { ...key, eventType: key.eventType as XpEventType, subjectId, value: null, occurredAt: at };
  const context = { settings, day: key.day, timeZone, occurredAt: at };
  return fromKept(input, context, { ...key, settings, timeZone }, { domainType, subjectId });
}

/** award_xp from a client, the claims' reads gathered alike: under load one statement reads many learners' claims. */
function createAwardClaims(
  deps: GamificationDeps,
  { awardXp, fromKept }: Pick<ReturnType<typeof createAwardXp>, 'awardXp' | 'fromKept'>,
  awardDailyLogin: (userId: string) => Promise<XpResult>,
) {
  const { repository, timeZoneOf, now } = deps;
  const claimsAtOnce = createWriteBatches({
    send: (claims: ClaimedAward[]) => repository.readClaimedAwards(claims),
    shapeOf: () => 'claim',
    learnerOf: (claim) => claim.userId,
    perStatement: AWARDS_PER_STATEMENT,
  });

  /**
   * award_xp from a client: the server checks the event really happened to this learner and decides the XP itself,
   * with the same key the domain event uses, so asking again (or after the event was handled) earns nothing.
   */
  return async (userId: string, body: AwardXpBody): Promise<XpResult> => {
    if (body.event_type === 'daily_login') return awardDailyLogin(userId);
    const subjectId = body.metadata?.subject_id;
    if (!subjectId) throw new AppError('validation_failed', 'metadata.subject_id names what this event is about.');
    const domainType = XP_DOMAIN_EVENT[body.event_type];
    if (!domainType) throw new AppError('not_found', 'Nothing to award: this did not happen for your account.');
    // Decided from what is kept of the learner if the instance keeps them; else the event and what its award decides
    // from are read together, for the award it is when it happened today (as a claim right after the event is); an
    // event of another day is read again for its own day.
    const [{ settings }, timeZone] = await Promise.all([repository.loadSettings(), timeZoneOf(userId)]);
    const at = now();
    const key = {
      userId,
      idempotencyKey: awardKeyFor(body.event_type, subjectId),
      eventType: body.event_type,
      day: localDay(at, timeZone),
      capped: settings.xp_rules[body.event_type].daily_cap !== null,
    };
    const done = await claimFromKept(fromKept, { ...key, subjectId, domainType, settings }, { timeZone, at });
    if (done) return done;
    const { event, ...read } = await claimsAtOnce.save({ ...key, domainType, subjectId });
    const input = event ? awardForDomainEvent(event) : null;
    if (!input) throw new AppError('not_found', 'Nothing to award: this did not happen for your account.');
    const sameKey =
      input.idempotencyKey === key.idempotencyKey &&
      input.eventType === key.eventType &&
      localDay(input.occurredAt ?? now(), timeZone) === key.day;
    return awardXp(input, { timeZone, settings, read: sameKey ? read : undefined });
  };
}

/** award_xp and what follows an award: streaks, the daily cap, badges and achievements, the daily login. */
export function createAwards(deps: GamificationDeps) {
  const progress = createAwardProgress(deps);
  const awarding = createAwardXp(deps, createKeptAwards());
  const { awardXp } = awarding;
  const { awardDailyLogin, noteSignedInVisit } = createDailyLogin(deps, awardXp);
  return {
    metricsOf: progress.metricsOf,
    awardXp,
    awardDailyLogin,

    /** Awards the XP a domain event earns (subscriber; delivery is at least once, the key makes it once). */
    async onDomainEvent(event: DomainEvent): Promise<void> {
      const input = awardForDomainEvent(event);
      if (input) await awardXp(input);
    },

    noteSignedInVisit,
    awardRequested: createAwardClaims(deps, awarding, awardDailyLogin),
    checkBadges: progress.checkBadges,
  };
}
export type Awards = ReturnType<typeof createAwards>;
