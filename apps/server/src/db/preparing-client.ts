import { createHash } from 'node:crypto';
import pg from 'pg';

/** Statements one connection keeps prepared at most; texts beyond them (long `in (...)` lists) run unnamed. */
const MAX_PREPARED = 500;

const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

const withGenericPlans = (config: pg.ClientConfig = {}): pg.ClientConfig => ({
  ...config,
  options: [config.options, GENERIC_PLANS].filter(Boolean).join(' '),
});

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/**
 * A connection that prepares each statement with parameters once and from then on only executes it: the statement is
 * named after its text (which holds no values), so the server neither parses nor plans it again. Planning the app's
 * short queries, each reading one learner's rows through an index, costs the server more than running them (the
 * learner home: 0.5 ms planning, 0.3 ms running), so the connection asks for the generic plan from the first run on
 * (`plan_cache_mode`); left to itself the server plans a statement with a date range anew on every run.
 */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(typeof config === 'string' ? { connectionString: config, options: GENERIC_PLANS } : withGenericPlans(config));
  }

  readonly #prepared = new Set<string>();

  static {
    const query = function (this: PreparingClient, config: unknown, ...rest: unknown[]) {
      return (pg.Client.prototype.query as (...args: unknown[]) => unknown).call(
        this,
        this.named(config, rest[0]),
        ...rest,
      );
    };
    Object.defineProperty(PreparingClient.prototype, 'query', { value: query, writable: true, configurable: true });
  }

  private named(config: unknown, values: unknown): unknown {
    const query = typeof config === 'string' ? { text: config } : config;
    if (typeof query !== 'object' || query === null) return config;
    const { text, name, values: ownValues } = query as QueryConfig;
    const params = values ?? ownValues;
    if (typeof text !== 'string' || name !== undefined || !Array.isArray(params) || params.length === 0) return config;
    const statement = `p_${createHash('sha1').update(text).digest('base64url')}`;
    if (!this.#prepared.has(statement)) {
      if (this.#prepared.size >= MAX_PREPARED) return config;
      this.#prepared.add(statement);
    }
    return { ...query, name: statement };
  }
}
