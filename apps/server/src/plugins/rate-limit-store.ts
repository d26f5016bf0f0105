import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitHits } from './rate-limit.table.ts';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type RouteOptions = { routeInfo: { method: string; url: string } };

/** Expired windows are cleared after about this many counted requests. */
const SWEEP_EVERY = 500;

/**
 * A store for `@fastify/rate-limit` on the app's PostgreSQL, so every instance counts the same requests: one atomic
 * upsert per counted request, which starts a new window once the old one has passed.
 */
export function postgresRateLimitStore(db: Db) {
  let counted = 0;
  const sweep = () =>
    db
      .delete(rateLimitHits)
      .where(sql`${rateLimitHits.expiresAt} < now()`)
      .catch(() => undefined);

  return class PostgresRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      counted += 1;
      if (counted % SWEEP_EVERY === 0) void sweep();
      db.execute(sql`
        insert into ${rateLimitHits} (key, count, expires_at)
        values (${this.prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when ${rateLimitHits.expiresAt} <= now() then 1 else ${rateLimitHits.count} + 1 end,
          expires_at = case when ${rateLimitHits.expiresAt} <= now() then excluded.expires_at
            else ${rateLimitHits.expiresAt} end
        returning count as current,
          greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`)
        .then((result) => {
          const [row] = (result as unknown as { rows: Counted[] }).rows;
          callback(null, { current: Number(row?.current ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        })
        .catch((error: Error) => callback(error));
    }

    child(options: object) {
      // The plugin hands each route's options with its method and URL, as its own stores read them.
      const { routeInfo } = options as RouteOptions;
      return new PostgresRateLimitStore(undefined, `${this.prefix}${routeInfo.method}${routeInfo.url}:`);
    }
  };
}
