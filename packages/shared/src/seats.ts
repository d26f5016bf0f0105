import { z } from 'zod';

/** Members an "us" owner may invite, not counting the owner. */
export const SHARED_PLAN_SEATS = 5;

export const inviteMemberBodySchema = z.object({ email: z.email().max(254) }).strict();
export const seatParamsSchema = z.object({ seatId: z.uuid() });
export const inviteTokenBodySchema = z.object({ token: z.string().min(20).max(200) }).strict();

export const seatSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'active']),
  member_name: z.string().nullable(),
  invited_at: z.string(),
  last_sent_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type Seat = z.infer<typeof seatSchema>;

/** GET /api/shared-plan: the owner's seats, or the plan the user is a member of. */
export const sharedPlanSchema = z.object({
  /** True when the user's own plan includes sharing (us or higher). */
  can_share: z.boolean(),
  seat_limit: z.number(),
  seats_used: z.number(),
  seats: z.array(seatSchema),
  membership: z
    .object({
      seat_id: z.string(),
      owner_name: z.string(),
      /** False once the owner's plan ended: the member fell back to their own plan. */
      active: z.boolean(),
    })
    .nullable(),
});
export type SharedPlan = z.infer<typeof sharedPlanSchema>;

export const inviteResultSchema = z.object({ owner_name: z.string() });
