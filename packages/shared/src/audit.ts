import { z } from 'zod';

/** One entry of the append-only audit trail, as its subject sees it. */
export const auditEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  table_name: z.string().nullable(),
  record_id: z.string().nullable(),
  old_values: z.record(z.string(), z.unknown()).nullable(),
  new_values: z.record(z.string(), z.unknown()).nullable(),
  legal_basis: z.string().nullable(),
  purpose: z.string().nullable(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_PAGE_MAX = 500;

/** GET /api/audit/mine. */
export const myAuditEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(100),
});

export const myAuditEventsSchema = z.object({ events: z.array(auditEventSchema) });
