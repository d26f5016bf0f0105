import { z } from 'zod';
import { auditEventSchema } from './audit.ts';
import { tierSchema } from './tiers.ts';

/** Lengths in days an admin can compare with the period before. */
export const OVERVIEW_RANGES = [7, 30, 90] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

/** GET /api/admin/overview. */
export const adminOverviewQuerySchema = z.object({
  range: z
    .enum(['7', '30', '90'], { error: 'Choose a range of 7, 30 or 90 days' })
    .default('30')
    .transform((days) => Number(days) as OverviewRange),
});

/** A figure for the period and for the period of the same length before it. */
export const kpiSchema = z.object({
  current: z.number(),
  previous: z.number(),
  change: z.number(),
  /** Null when the previous period had nothing to compare with. */
  change_percent: z.number().nullable(),
});
export type Kpi = z.infer<typeof kpiSchema>;

/** A percentage (0-100) for each period; null when nothing was judged. `change` is in percentage points. */
export const rateKpiSchema = z.object({
  current: z.number().nullable(),
  previous: z.number().nullable(),
  change: z.number().nullable(),
});
export type RateKpi = z.infer<typeof rateKpiSchema>;

/** Someone an audit event names; name and email are null once the account is gone. */
export const auditPersonSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type AuditPerson = z.infer<typeof auditPersonSchema>;

/** An audit event as admins see it: who acted and whose data it was. */
export const adminAuditEventSchema = auditEventSchema.extend({
  actor: auditPersonSchema.nullable(),
  target: auditPersonSchema.nullable(),
});
export type AdminAuditEvent = z.infer<typeof adminAuditEventSchema>;

export const HEALTH_STATES = ['ok', 'warning', 'down'] as const;
const healthStateSchema = z.enum(HEALTH_STATES);
export type HealthState = z.infer<typeof healthStateSchema>;

export const systemHealthSchema = z.object({
  database: z.object({ status: healthStateSchema, kind: z.enum(['pglite', 'postgres']), latency_ms: z.number() }),
  mail: z.object({
    status: healthStateSchema,
    smtp_configured: z.boolean(),
    /** Emails of the last day not delivered yet (all of them when no SMTP is configured). */
    pending: z.number().int(),
    /** Emails of the last day whose delivery failed. */
    failed: z.number().int(),
    last_sent_at: z.string().nullable(),
  }),
  files: z.object({ status: healthStateSchema, latency_ms: z.number().nullable() }),
  jobs: z.object({
    status: healthStateSchema,
    running: z.boolean(),
    queued: z.number().int(),
    active: z.number().int(),
    failed: z.number().int(),
  }),
  realtime: z.object({ status: healthStateSchema, connections: z.number().int() }),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

export const adminOverviewSchema = z.object({
  range: z.number().int(),
  generated_at: z.string(),
  kpis: z.object({
    users_total: kpiSchema,
    new_signups: kpiSchema,
    active_learners_day: kpiSchema,
    active_learners_week: kpiSchema,
    active_learners_month: kpiSchema,
    lesson_completions: kpiSchema,
    course_completions: kpiSchema,
    scorm_attempts: kpiSchema,
    scorm_pass_rate: rateKpiSchema,
    xp_earned: kpiSchema,
  }),
  /** Per tier: plans in force now, and plans started in the period (by their current tier). */
  subscriptions: z.array(z.object({ tier: tierSchema, active: z.number().int(), started: kpiSchema })),
  daily_active_learners: z.array(z.object({ date: z.string(), value: z.number().int() })),
  recent_signups: z.array(
    z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), created_at: z.string() }),
  ),
  recent_admin_actions: z.array(adminAuditEventSchema),
  health: systemHealthSchema,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
export type KpiKey = keyof AdminOverview['kpis'];

export const AUDIT_VIEWER_PAGE_MAX = 100;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Use a real date');

/** `<created_at with microseconds>_<id>` of the last event of the page before. */
const AUDIT_CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function parseAuditCursor(cursor: string): { createdAt: string; id: string } | null {
  const match = AUDIT_CURSOR.exec(cursor);
  return match?.[1] && match[2] ? { createdAt: match[1], id: match[2] } : null;
}

/** An empty query parameter means "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** GET /api/admin/audit: every filter optional; dates are UTC days, both ends included. */
export const adminAuditQuerySchema = z
  .object({
    /** A user id, or part of an email address, of the admin who acted. */
    actor: optional(z.string().trim().min(1).max(200)),
    /** A user id, or part of an email address, of the person whose data it was. */
    target: optional(z.string().trim().min(1).max(200)),
    /** The start of the action's name, e.g. `user.` or `profile.update`. */
    action: optional(
      z
        .string()
        .trim()
        .max(100)
        .regex(/^[a-z0-9_.:-]+$/i, 'An action holds letters, digits, dots, dashes and underscores only'),
    ),
    from: optional(isoDate),
    to: optional(isoDate),
    cursor: optional(z.string().refine((value) => parseAuditCursor(value) !== null, 'This page link is not valid')),
    limit: z.coerce.number().int().min(1).max(AUDIT_VIEWER_PAGE_MAX).default(50),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The start date must not be after the end date',
    path: ['from'],
  });
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const adminAuditPageSchema = z.object({
  events: z.array(adminAuditEventSchema),
  next_cursor: z.string().nullable(),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;
