import type { AdminUserDetail, AdminUserRow } from '@portal/shared/admin-users';
import { isPhoneOnlyEmail } from '@portal/shared/auth';
import { resolveRole } from '@portal/shared/roles';
import { effectiveTier } from '@portal/shared/subscription-access';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { iso } from './admin-users.common.ts';
import type { ListedUserRow } from './admin-users.query.ts';
import type { AdminUsersRepository } from './admin-users.repository.ts';

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

type Found<K extends keyof AdminUsersRepository> = Awaited<ReturnType<AdminUsersRepository[K]>>;

/** Everything the user page shows, read at `at`. */
export type UserDetailParts = {
  userId: string;
  at: Date;
  found: NonNullable<Found<'findUser'>>;
  roles: Found<'rolesOf'>;
  profile: Found<'profileOf'>;
  subscription: Found<'subscriptionOf'>;
  status: Awaited<ReturnType<SubscriptionService['getStatus']>>;
  sessions: Found<'activeSessions'>;
  activity: Found<'recentActivity'>;
  xp: { totalXp: number; level: number };
  enrolments: Found<'enrolments'>;
};

/** The account block of the user page. */
function presentDetailUser({ found, roles, profile, status }: UserDetailParts): AdminUserDetail['user'] {
  const { user, state } = found;
  return {
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
  };
}

/** The plan block of the user page; complimentary when a coupon plan is the one in force at `at`. */
function presentDetailSubscription({ at, subscription, status }: UserDetailParts): AdminUserDetail['subscription'] {
  return {
    subscribed: status.subscribed,
    tier: status.subscription_tier,
    status: subscription?.status ?? null,
    provider: subscription?.provider ?? null,
    current_period_end: subscription?.currentPeriodEnd ? iso(subscription.currentPeriodEnd) : null,
    complimentary: subscription?.provider === 'coupon' && effectiveTier(subscription, at) === subscription.tier,
  };
}

export function presentUserDetail(parts: UserDetailParts): AdminUserDetail {
  const { userId, profile, sessions, activity, xp, enrolments } = parts;
  return {
    user: presentDetailUser(parts),
    profile: profile
      ? {
          display_name: profile.displayName,
          bio: profile.bio,
          timezone: profile.timezone,
          primary_language: profile.primaryLanguage,
        }
      : null,
    subscription: presentDetailSubscription(parts),
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
}
