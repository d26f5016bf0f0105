import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';

/** Statements one connection keeps prepared at most; texts beyond them (long `in (...)` lists) run unnamed. */
const MAX_PREPARED = 500;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/**
 * A pattern search's best plan depends on its pattern (a trigram index helps only a pattern with enough letters), so
 * such statements are planned anew for each run, unnamed.
 */
const PLANNED_PER_VALUE = /\s(i?like|similar\s+to)\s|@@/i;

/**
 * Starts the text of a statement to be run on its generic plan from its first run (`genericPlan`). The server otherwise
 * plans a statement for its values every time when the plan it would make for any values looks dearer, which it does
 * for a statement over a skewed column (the lessons of one course): the progress report's write was planned anew on
 * each run, 1.1 ms against 0.4 ms on its generic plan. Only statements that read and write one learner's rows by key
 * are marked; filters and sorts whose best plan depends on the values (the admin lists) keep being planned for them.
 */
export const GENERIC_PLAN_MARK = '/* generic plan */';

/** `query`, run on its generic plan from its first run (see `GENERIC_PLAN_MARK`). */
export const genericPlan = (query: SQL): SQL => sql`${sql.raw(GENERIC_PLAN_MARK)} ${query}`;

/** Statement names by text, shared by every connection: hashing a long text costs more than looking it up. */
const names = new Map<string, string | null>();

/** The name a statement is prepared under, or null for one planned per value. */
function statementName(text: string): string | null {
  let name = names.get(text);
  if (name === undefined) {
    name = PLANNED_PER_VALUE.test(text) ? null : `p_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= MAX_PREPARED * 4) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * A connection that prepares each statement with parameters once and from then on only executes it: the statement is
 * named after its text (which holds no values), so the server does not parse it again, and once it has seen that the
 * generic plan is as good as one made for the values, it stops planning it too. Planning the app's short queries, each
 * reading one learner's rows through an index, costs the server more than running them (the learner home: 2.5 ms
 * planning, 0.6 ms running).
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();
  /**
   * The plan mode this connection's session is in: `force_generic_plan` while it runs marked statements, the server's
   * own choice otherwise. A change costs one statement, sent when a statement needs the other mode; null when a
   * rolled-back transaction may have undone the last change.
   */
  #generic: boolean | null = false;

  static {
    // Looked up at each call, so whatever wraps the driver's own (a statement counter) sees every statement.
    const original = function (this: pg.Client, ...args: unknown[]) {
      return (pg.Client.prototype.query as (...args: unknown[]) => unknown).apply(this, args);
    };
    const query = function (this: PreparingClient, config: unknown, ...rest: unknown[]) {
      const change = this.modeFor(config, rest[0]);
      const send = () => original.call(this, this.named(config, rest[0]), ...rest);
      if (change === null) return send();
      // The statement follows once the mode is set (sent after it, not queued behind it on the connection).
      const changed = (original.call(this, change) as Promise<unknown>).catch(() => {
        this.#generic = null;
      });
      if (typeof rest.at(-1) === 'function') {
        void changed.then(send);
        return undefined;
      }
      return changed.then(send);
    };
    Object.defineProperty(PreparingClient.prototype, 'query', { value: query, writable: true, configurable: true });
  }

  private named(config: unknown, values: unknown): unknown {
    const query = typeof config === 'string' ? { text: config } : config;
    if (typeof query !== 'object' || query === null) return config;
    const { text, name, values: ownValues } = query as QueryConfig;
    const params = values ?? ownValues;
    if (typeof text !== 'string' || name !== undefined || !Array.isArray(params) || params.length === 0) return config;
    const statement = statementName(text);
    if (statement === null) return config;
    if (!this.#prepared.has(statement)) {
      if (this.#prepared.size >= MAX_PREPARED) return config;
      this.#prepared.add(statement);
    }
    return { ...query, name: statement };
  }

  /** The statement that puts the session in the plan mode this statement needs, or null when it is in it. */
  private modeFor(config: unknown, values: unknown): string | null {
    const query = typeof config === 'string' ? { text: config } : config;
    if (typeof query !== 'object' || query === null) return null;
    const { text, values: ownValues } = query as QueryConfig;
    if (typeof text !== 'string') return null;
    if (/^\s*rollback/i.test(text)) this.#generic = null;
    const params = values ?? ownValues;
    // Statements without values have no plans to choose between.
    if (!Array.isArray(params) || params.length === 0) return null;
    const generic = text.startsWith(GENERIC_PLAN_MARK);
    if (this.#generic === generic) return null;
    this.#generic = generic;
    return `set plan_cache_mode = ${generic ? 'force_generic_plan' : 'auto'}`;
  }
}

/** Whether a query (as `pg` takes it: text or config) is marked to run on its generic plan (`genericPlan`). */
function markedGeneric(config: unknown): boolean {
  const text = typeof config === 'string' ? config : (config as QueryConfig | null)?.text;
  return typeof text === 'string' && text.startsWith(GENERIC_PLAN_MARK);
}

/**
 * A pool that runs statements marked for their generic plan (`genericPlan`) outside transactions on connections of
 * their own, which stay in that mode: a connection serving both kinds switched its mode back and forth, one statement
 * each way, so a hot write with a plain read before it (a SCORM commit, a progress report) took up to four round
 * trips instead of two. Transactions (`connect`) run on the plain connections, switching as before. The marked
 * connections are as many as the plain ones at most (so an instance may hold twice `max` under load), and like them
 * are closed after ten idle seconds.
 */
export class PlanRoutingPool extends pg.Pool {
  readonly #marked: pg.Pool;

  constructor(config: pg.PoolConfig) {
    super({ ...config, Client: PreparingClient });
    this.#marked = new pg.Pool({ ...config, Client: PreparingClient });
    // As for the plain connections: an idle one the server closed is dropped, never taking the process down.
    this.#marked.on('error', () => undefined);
  }

  static {
    const plainQuery = pg.Pool.prototype.query as (...args: unknown[]) => unknown;
    const query = function (this: PlanRoutingPool, ...args: unknown[]) {
      const marked = this.#marked;
      return markedGeneric(args[0])
        ? (marked.query as (...a: unknown[]) => unknown).apply(marked, args)
        : plainQuery.apply(this, args);
    };
    Object.defineProperty(PlanRoutingPool.prototype, 'query', { value: query, writable: true, configurable: true });
  }

  override async end(): Promise<void> {
    await Promise.all([super.end(), this.#marked.end()]);
  }
}
