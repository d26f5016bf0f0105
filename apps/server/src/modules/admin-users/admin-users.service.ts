import { randomBytes } from 'node:crypto';
import type {
  AdminUserDetail,
  AdminUserFilters,
  AdminUserRefusal,
  AdminUserRow,
  CreateAdminUserBody,
  GrantTierBody,
} from '@portal/shared/admin-users';
import { isPhoneOnlyEmail } from '@portal/shared/auth';
import type { InterfaceLanguage } from '@portal/shared/language';
import type { SessionEndReason } from '@portal/shared/realtime';
import { type Role, resolveRole } from '@portal/shared/roles';
import { effectiveTier } from '@portal/shared/subscription-access';
import { AppError } from '../../errors.ts';
import type { AccountDataRepository } from '../account-data/account-data.repository.ts';
import type { AccountErasure } from '../account-data/account-erasure.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Auth } from '../auth/auth.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { ProfileRepository } from '../profile/profile.repository.ts';
import type { SubscriptionRepository } from '../subscription/subscription.repository.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { invitationMail } from './admin-users.mail.ts';
import type { ListedUserRow } from './admin-users.query.ts';
import { nextCursor } from './admin-users.query.ts';
import type { AdminUsersRepository } from './admin-users.repository.ts';

export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;
const MAX_GRANT_DAYS = 5 * 366;
const RECENT_ACTIVITY = 20;
const PAID_PROVIDERS = new Set(['sandbox', 'stripe']);

const iso = (value: Date | string) => new Date(value).toISOString();
const refused = (reason: AdminUserRefusal, message: string) => new AppError('conflict', message, { reasons: [reason] });
const lastAdmin = () =>
  new AppError('last_admin', 'This is the only active admin. Make another user an admin first.', {
    reasons: ['last_admin'],
  });
const userNotFound = () => new AppError('not_found', 'This user does not exist or was deleted.');

export function presentListedUser(row: ListedUserRow): AdminUserRow {
  return {
    id: row.id,
    name: row.name,
    email: isPhoneOnlyEmail(row.email) ? null : row.email,
    phone_number: row.phone_number,
    role: row.role,
    tier: row.tier,
    status: row.suspended_at ? 'suspended' : 'active',
    beta_access: Boolean(row.beta_access),
    created_at: iso(row.created_at),
    last_active_at: iso(row.last_active_at),
  };
}

type Deps = {
  repository: AdminUsersRepository;
  accountDataRepository: AccountDataRepository;
  /** Removes what modules keep outside the database (files) along with the rows. */
  erasure: AccountErasure;
  profileRepository: ProfileRepository;
  subscriptionRepository: SubscriptionRepository;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  auth: Auth;
  mailer: Mailer;
  xpOf: (userId: string) => Promise<{ totalXp: number; level: number }>;
  /** Tells the user's open tabs on every instance that their sessions ended, and closes their live connections. */
  endLiveSessions: (userId: string, reason: SessionEndReason) => Promise<void>;
  now: () => Date;
};

export function createAdminUsersService(deps: Deps) {
  const { repository, auditService, now } = deps;

  async function existingUser(userId: string) {
    const found = await repository.findUser(userId);
    if (!found) throw userNotFound();
    return found;
  }
  const audit = (
    adminId: string,
    userId: string | null,
    action: string,
    oldValues: Record<string, unknown> | null,
    newValues: Record<string, unknown> | null,
  ) =>
    auditService.recordAuditEvent({
      userId,
      actorId: adminId,
      action,
      tableName: 'users',
      recordId: userId,
      oldValues,
      newValues,
      legalBasis: 'legitimate_interest',
      purpose: 'Administration of user accounts',
    });

  /** Creates a reset-password token the auth library accepts and answers the link that leads to it. */
  async function passwordLink(userId: string, validForMs: number) {
    const context = await deps.auth.$context;
    const token = randomBytes(18).toString('base64url');
    await context.internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(now().getTime() + validForMs),
    });
    return `${context.baseURL}/reset-password/${token}?callbackURL=${encodeURIComponent('/reset-password')}`;
  }

  return {
    async list(query: AdminUserFilters & { cursor?: string | undefined; limit: number }) {
      const { cursor, limit, ...filters } = query;
      const rows = await repository.listUsers({ filters, cursor, limit: limit + 1, now: now() });
      const page = rows.slice(0, limit);
      return {
        users: page.map(presentListedUser),
        next_cursor: rows.length > limit ? nextCursor(page, filters) : null,
      };
    },

    /** Every user matching the filters, page by page, for the CSV export (recorded in the audit trail). */
    async *exportRows(adminId: string, filters: AdminUserFilters, pageSize: number) {
      await audit(adminId, null, 'admin_user.export', null, { filters });
      let cursor: string | undefined;
      for (;;) {
        const rows = await repository.listUsers({ filters, cursor, limit: pageSize, now: now() });
        for (const row of rows) yield presentListedUser(row);
        if (rows.length < pageSize) return;
        cursor = nextCursor(rows, filters);
      }
    },

    async detail(userId: string): Promise<AdminUserDetail> {
      const { user, state } = await existingUser(userId);
      const at = now();
      const [roles, profile, subscription, status, sessions, activity, xp, enrolments] = await Promise.all([
        repository.rolesOf(userId),
        repository.profileOf(userId),
        repository.subscriptionOf(userId),
        deps.subscriptionService.getStatus(userId),
        repository.activeSessions(userId, at),
        repository.recentActivity(userId, RECENT_ACTIVITY),
        deps.xpOf(userId),
        repository.enrolments(userId),
      ]);
      return {
        user: {
          id: user.id,
          name: user.name,
          email: isPhoneOnlyEmail(user.email) ? null : user.email,
          phone_number: user.phoneNumber,
          role: resolveRole(roles),
          tier: status.subscription_tier,
          status: state?.suspendedAt ? 'suspended' : 'active',
          beta_access: profile?.betaAccess ?? false,
          created_at: iso(user.createdAt),
          last_active_at: iso(state?.lastActiveAt ?? user.createdAt),
          email_verified: user.emailVerified,
          two_factor_enabled: Boolean(user.twoFactorEnabled),
          suspended_at: state?.suspendedAt ? iso(state.suspendedAt) : null,
        },
        profile: profile
          ? {
              display_name: profile.displayName,
              bio: profile.bio,
              timezone: profile.timezone,
              primary_language: profile.primaryLanguage,
            }
          : null,
        subscription: {
          subscribed: status.subscribed,
          tier: status.subscription_tier,
          status: subscription?.status ?? null,
          provider: subscription?.provider ?? null,
          current_period_end: subscription?.currentPeriodEnd ? iso(subscription.currentPeriodEnd) : null,
          complimentary: subscription?.provider === 'coupon' && effectiveTier(subscription, at) === subscription.tier,
        },
        sessions: sessions.map((session) => ({
          id: session.id,
          created_at: iso(session.createdAt),
          updated_at: iso(session.updatedAt),
          expires_at: iso(session.expiresAt),
          ip_address: session.ipAddress,
          user_agent: session.userAgent,
        })),
        recent_activity: activity.map((event) => ({
          action: event.action,
          created_at: iso(event.createdAt),
          by_admin: event.actorId !== null && event.actorId !== userId,
        })),
        xp: { total_xp: xp.totalXp, level: xp.level },
        enrolments: enrolments.map((row) => ({
          course_id: row.courseId,
          title: row.title,
          progress_percent: row.percent,
          completed_at: row.completedAt ? iso(row.completedAt) : null,
        })),
      };
    },

    async changeRole(adminId: string, userId: string, role: Role) {
      await existingUser(userId);
      const before = resolveRole(await repository.rolesOf(userId));
      const outcome = await repository.setRole(userId, role);
      if (outcome === 'last_admin') throw lastAdmin();
      if (outcome === 'unchanged') return { ok: true as const, changed: false };
      await audit(adminId, userId, 'admin_user.role_change', { role: before }, { role });
      return { ok: true as const, changed: true };
    },

    async suspend(adminId: string, userId: string) {
      await existingUser(userId);
      const outcome = await repository.suspend(userId, adminId, now());
      if (outcome === 'last_admin') throw lastAdmin();
      if (outcome === 'unchanged') return { ok: true as const, changed: false };
      await audit(adminId, userId, 'admin_user.suspend', { status: 'active' }, { status: 'suspended' });
      await deps.endLiveSessions(userId, 'suspended');
      return { ok: true as const, changed: true };
    },

    async reactivate(adminId: string, userId: string) {
      await existingUser(userId);
      if (!(await repository.reactivate(userId))) return { ok: true as const, changed: false };
      await audit(adminId, userId, 'admin_user.reactivate', { status: 'suspended' }, { status: 'active' });
      return { ok: true as const, changed: true };
    },

    async signOutEverywhere(adminId: string, userId: string) {
      await existingUser(userId);
      const ended = await repository.endSessions(userId);
      await audit(adminId, userId, 'admin_user.sign_out_all', { active_sessions: ended }, { active_sessions: 0 });
      await deps.endLiveSessions(userId, 'signed_out');
      return { ok: true as const, changed: ended > 0 };
    },

    async sendPasswordReset(adminId: string, userId: string) {
      const { user } = await existingUser(userId);
      if (isPhoneOnlyEmail(user.email)) throw refused('no_email', 'This user has no email address to send a link to.');
      await deps.auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: '/reset-password' } });
      await audit(adminId, userId, 'admin_user.password_reset_sent', null, { sent_to: 'email' });
      return { ok: true as const, changed: true };
    },

    /** A complimentary plan of `tier` until the end of the `until` day (UTC), through the same path as a coupon. */
    async grantTier(adminId: string, userId: string, { tier, until }: GrantTierBody) {
      await existingUser(userId);
      const at = now();
      const end = new Date(`${until}T23:59:59.999Z`);
      if (end <= at || end.getTime() - at.getTime() > MAX_GRANT_DAYS * DAY_MS) {
        throw new AppError('validation_failed', 'Choose an end date in the future, at most five years from today.');
      }
      const current = await repository.subscriptionOf(userId);
      const currentTier = effectiveTier(current, at);
      if (current && PAID_PROVIDERS.has(current.provider) && currentTier && currentTier !== 'calm') {
        throw refused('paid_plan_active', 'This user pays for a plan; a complimentary plan would replace it.');
      }
      if (
        current?.provider === 'coupon' &&
        current.tier === tier &&
        current.currentPeriodEnd?.getTime() === end.getTime()
      ) {
        return { ok: true as const, changed: false };
      }
      await deps.subscriptionService.activatePaid(userId, {
        tier,
        interval: null,
        provider: 'coupon',
        currentPeriodEnd: end,
      });
      await audit(
        adminId,
        userId,
        'admin_user.tier_grant',
        {
          subscription_tier: currentTier,
          current_period_end: current?.currentPeriodEnd ? iso(current.currentPeriodEnd) : null,
        },
        { subscription_tier: tier, current_period_end: end.toISOString(), complimentary: true },
      );
      return { ok: true as const, changed: true };
    },

    async revokeTier(adminId: string, userId: string) {
      await existingUser(userId);
      const current = await repository.subscriptionOf(userId);
      const currentTier = effectiveTier(current, now());
      if (current && current.provider !== 'coupon' && current.provider !== 'free' && currentTier !== 'calm') {
        throw refused('no_complimentary_plan', 'This user has no complimentary plan to revoke.');
      }
      if (current?.provider !== 'coupon' || currentTier === 'calm') return { ok: true as const, changed: false };
      await deps.subscriptionRepository.activate(userId, { tier: 'calm', provider: 'free' });
      deps.subscriptionService.notifyChange(userId);
      await audit(
        adminId,
        userId,
        'admin_user.tier_revoke',
        {
          subscription_tier: currentTier,
          current_period_end: current.currentPeriodEnd ? iso(current.currentPeriodEnd) : null,
        },
        { subscription_tier: 'calm' },
      );
      return { ok: true as const, changed: true };
    },

    /** A new account with a confirmed address and no password; the invitation mail leads to choosing one. */
    async createUser(adminId: string, body: CreateAdminUserBody, language: InterfaceLanguage) {
      if (await repository.findByEmail(body.email)) {
        throw new AppError('user_exists', 'An account with this email address already exists.');
      }
      const context = await deps.auth.$context;
      const user = await context.internalAdapter.createUser(
        { name: body.name, email: body.email, emailVerified: true },
        { method: 'admin' },
      );
      if (body.role !== 'learner') await repository.setRole(user.id, body.role);
      await deps.profileRepository.createDefault(user.id, { fullName: body.name, email: body.email });
      const url = await passwordLink(user.id, INVITATION_DAYS * DAY_MS);
      const mail = invitationMail[language]({ name: body.name, url, days: INVITATION_DAYS });
      await deps.mailer.send({ channel: 'email', to: body.email, ...mail });
      await audit(adminId, user.id, 'admin_user.create', null, { name: body.name, email: body.email, role: body.role });
      return { id: user.id };
    },

    /** The same removal as a user's own account deletion; the last active admin cannot be deleted. */
    async deleteUser(adminId: string, userId: string) {
      const { user } = await existingUser(userId);
      if (await repository.isLastActiveAdmin(userId)) throw lastAdmin();
      const before = resolveRole(await repository.rolesOf(userId));
      const recipients = [user.email, user.phoneNumber].filter((recipient): recipient is string => Boolean(recipient));
      const codeIdentifiers = user.phoneNumber
        ? [`phone-number-otp-${user.phoneNumber}`, `phone-number-reset-${user.phoneNumber}`]
        : [];
      const deleteRows = () => deps.accountDataRepository.deleteUser({ userId, recipients, codeIdentifiers });
      if (!(await deps.erasure.erase(userId, deleteRows))) throw userNotFound();
      await audit(adminId, userId, 'admin_user.delete', { role: before }, { deleted: true });
      await deps.endLiveSessions(userId, 'deleted');
      return { ok: true as const, changed: true };
    },

    /** Notes that the user made a signed-in request (at most one write every few minutes). */
    touchLastActive: (userId: string, everyMs: number) => repository.touchLastActive(userId, now(), everyMs),
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
