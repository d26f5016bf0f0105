import { DEFAULT_PLAN_PRICES, type PlanPrices } from '@portal/shared/billing';
import { iceServerSchema } from '@portal/shared/live-room';
import { z } from 'zod';

/** A setting written as JSON: absent is `fallback`, anything not matching `schema` is refused with `message`. */
function jsonSetting<T>(schema: z.ZodType<T>, fallback: T, message: string) {
  return z
    .string()
    .optional()
    .transform((text, context): T => {
      if (!text) return fallback;
      try {
        return schema.parse(JSON.parse(text));
      } catch {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    });
}

const price = z.object({ amount: z.number().int().positive(), currency: z.string().regex(/^[A-Z]{3}$/) }).strict();
const tierPrices = z.object({ month: price, year: price }).strict();
const planPricesSchema: z.ZodType<PlanPrices> = z
  .object({ me: tierPrices, us: tierPrices, universal: tierPrices })
  .strict();

/** The settings written as JSON. */
export const jsonSettings = {
  /** JSON list of STUN/TURN servers for live-room calls, e.g. `[{"urls":"stun:stun.example.com:3478"}]`. */
  LIVE_ICE_SERVERS: jsonSetting(
    z.array(iceServerSchema),
    [],
    'must be a JSON list of {"urls", "username"?, "credential"?}',
  ),
  /**
   * The price of each paid tier and interval in the currency's smallest unit, e.g.
   * `{"me":{"month":{"amount":900,"currency":"EUR"},"year":{...}},"us":{...},"universal":{...}}`.
   */
  PLAN_PRICES: jsonSetting(
    planPricesSchema,
    DEFAULT_PLAN_PRICES,
    'must be JSON of every paid tier (me, us, universal) with a month and a year price, each {"amount": whole cents above 0, "currency": "EUR"}',
  ),
};
