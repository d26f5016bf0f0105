import { z } from 'zod';
import { roleSchema } from './roles.ts';
import { TIERS } from './tiers.ts';

/** Page size of the admin user list; the CSV export streams every match in pages of EXPORT_PAGE_SIZE. */
export const ADMIN_USERS_PAGE_SIZE = 50;
export const ADMIN_USERS_MAX_PAGE_SIZE = 200;
export const ADMIN_USERS_EXPORT_PAGE_SIZE = 1000;
export const ADMIN_USERS_SEARCH_MAX = 200;

export const ADMIN_USER_SORTS = ['created', 'last_active', 'name', 'email'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const ADMIN_USER_TIER_FILTERS = [...TIERS, 'none'] as const;
export type AdminUserTierFilter = (typeof ADMIN_USER_TIER_FILTERS)[number];
export const ADMIN_USER_STATUSES = ['active', 'suspended'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

const days = z.coerce.number().int().min(1).max(3650);

/** The filters of the list and of its CSV export; every field optional, an unknown value is a 400. */
export const adminUserFiltersSchema = z.object({
  q: z.string().trim().max(ADMIN_USERS_SEARCH_MAX).optional(),
  role: roleSchema.optional(),
  tier: z.enum(ADMIN_USER_TIER_FILTERS).optional(),
  status: z.enum(ADMIN_USER_STATUSES).optional(),
  beta: z.enum(['yes', 'no']).optional(),
  /** Active within the last N days. */
  activeWithinDays: days.optional(),
  /** Not active for at least N days. */
  inactiveDays: days.optional(),
  sort: z.enum(ADMIN_USER_SORTS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminUserFilters = z.infer<typeof adminUserFiltersSchema>;

export const adminUserListQuerySchema = adminUserFiltersSchema.extend({
  /** The opaque `next_cursor` of the previous page. */
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_MAX_PAGE_SIZE).default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  role: roleSchema,
  tier: z.enum(TIERS).nullable(),
  status: z.enum(ADMIN_USER_STATUSES),
  beta_access: z.boolean(),
  created_at: z.string(),
  last_active_at: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserRowSchema),
  next_cursor: z.string().nullable(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserParamsSchema = z.object({ userId: z.string().min(1).max(100) });

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    email_verified: z.boolean(),
    two_factor_enabled: z.boolean(),
    suspended_at: z.string().nullable(),
  }),
  profile: z
    .object({
      display_name: z.string().nullable(),
      bio: z.string().nullable(),
      timezone: z.string(),
      primary_language: z.string(),
    })
    .nullable(),
  subscription: z.object({
    subscribed: z.boolean(),
    tier: z.enum(TIERS).nullable(),
    status: z.string().nullable(),
    provider: z.string().nullable(),
    current_period_end: z.string().nullable(),
    complimentary: z.boolean(),
  }),
  sessions: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      updated_at: z.string(),
      expires_at: z.string(),
      ip_address: z.string().nullable(),
      user_agent: z.string().nullable(),
    }),
  ),
  recent_activity: z.array(z.object({ action: z.string(), created_at: z.string(), by_admin: z.boolean() })),
  xp: z.object({ total_xp: z.number(), level: z.number() }),
  enrolments: z.array(
    z.object({
      course_id: z.string(),
      title: z.string(),
      progress_percent: z.number(),
      completed_at: z.string().nullable(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const changeRoleBodySchema = z.object({ role: roleSchema });
export const grantTierBodySchema = z.object({
  tier: z.enum(['me', 'us', 'universal']),
  /** The last day of the complimentary plan (YYYY-MM-DD); it ends at the end of that UTC day. */
  until: z.iso.date(),
});
export type GrantTierBody = z.infer<typeof grantTierBodySchema>;
export const createAdminUserBodySchema = z.object({
  name: z.string().trim().min(1).max(120),
  email: z
    .email()
    .max(254)
    .transform((email) => email.toLowerCase()),
  role: roleSchema.default('learner'),
});
export type CreateAdminUserBody = z.infer<typeof createAdminUserBodySchema>;

export const adminUserActionResultSchema = z.object({ ok: z.literal(true), changed: z.boolean() });
export const createdAdminUserSchema = z.object({ id: z.string() });

/** Stable codes of the refusals of the admin user actions (the `reasons[0]` of a 409). */
export const ADMIN_USER_REFUSALS = ['last_admin', 'no_email', 'paid_plan_active', 'no_complimentary_plan'] as const;
export type AdminUserRefusal = (typeof ADMIN_USER_REFUSALS)[number];
