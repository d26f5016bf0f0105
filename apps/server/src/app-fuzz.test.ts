import type { Role } from '@portal/shared/roles';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from './app.ts';
import type { Database } from './db/client.ts';
import { courseModules } from './db/schema.ts';
import { createPerson, type Person } from './modules/courses/courses.testing.ts';
import { insertCourse } from './modules/goals/learning-fixtures.testing.ts';
import type { RouteEntry } from './plugins/route-table.ts';
import { authLibraryEndpoints } from './testing/auth-library.ts';
import { currentUserId } from './testing/factories.ts';
import { startTestApp, testTargets } from './testing/test-app.ts';

/** Fixed, so a failure found once is found again on every run; FUZZ_SEED and FUZZ_RUNS widen the search locally. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 6);

/** What no answer may carry: stack frames, file paths, SQL or database driver messages. */
const LEAKS = [
  /(?:\\n|\n)\s*at\s+\S/,
  /node_modules|file:\/\/\//,
  /\.[cm]?[jt]s:\d+:\d+/,
  /\b(?:select|insert into|update|delete from)\s+"/i,
  /Failed query|DrizzleQueryError|violates [\w ]*constraint|syntax error at or near|SQLSTATE/i,
];

const HUGE = 'x'.repeat(300_000);
const OVER_BODY_LIMIT = 'y'.repeat(1_200_000);

const hostileScalar = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    1e308,
    2 ** 53 + 1,
    0.5,
    'NaN',
    'Infinity',
    '1e309',
    '-0',
    '',
    ' ',
    '42',
    'true',
    'null',
    '[]',
    '{}',
    '2026-02-30',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    "' OR 1=1 --",
    '\u202e\u200b\ufeff',
    '\ud800',
    '💥'.repeat(500),
    HUGE,
    'a\u0000b',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
);
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', '0', 'prototype'), hostileScalar, { maxKeys: 3 }) },
);
/** Query values, already percent-encoded: some are not valid percent-encoding or not valid UTF-8 at all. */
const hostileQueryValue = fc.oneof(
  fc
    .oneof(
      fc.constantFrom('NaN', '-1', '1e309', '', 'null', '[]', 'a\u0000b', '../..', 'q'.repeat(20_000), '💥'),
      fc.string({ maxLength: 20 }),
    )
    .map(encodeURIComponent),
  fc.constantFrom('%', '%zz', '%ED%A0%80', '%C0%AF', '%FF'),
);
const hostileSegment = fc.constantFrom(
  '00000000-0000-0000-0000-000000000000',
  'not-an-id',
  'a\u0000b',
  '../../etc/passwd',
  '-1',
  'NaN',
  '9'.repeat(30),
  '💥',
  '__proto__',
  'z'.repeat(300),
);

/** Field names a zod schema accepts at its top level (objects, unions and wrappers looked through). */
function fieldNames(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { properties, anyOf, oneOf, allOf } = node as Record<string, unknown>;
    if (properties && typeof properties === 'object') for (const name of Object.keys(properties)) names.add(name);
    for (const list of [anyOf, oneOf, allOf]) if (Array.isArray(list)) list.forEach(visit);
  };
  visit(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  return [...names];
}

type FuzzRequest = { url: string; payload?: string; contentType: string };

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function requestArbitrary(route: RouteEntry, knownIds: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const segments = route.url.split('/').map((segment) => {
    if (segment === '*') return hostileSegment.map(encodeURIComponent);
    if (!segment.startsWith(':')) return fc.constant(segment);
    const known = knownIds[segment.slice(1)];
    const value = known ? fc.oneof(fc.constant(known), hostileSegment) : hostileSegment;
    return value.map(encodeURIComponent);
  });
  const path = fc.tuple(...segments).map((parts) => parts.join('/'));
  const queryFields = fieldNames(route.schema?.querystring);
  const query = fc
    .array(fc.tuple(fc.constantFrom(...queryFields, 'x', '__proto__'), hostileQueryValue), { maxLength: 4 })
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`));
  const url = fc.tuple(path, query).map(([base, search]) => base + search);
  if (!BODY_METHODS.has(route.method)) return url.map((value) => ({ url: value, contentType: 'application/json' }));

  const field = fc.constantFrom(...fieldNames(route.schema?.body), 'value');
  const payload = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .array(fc.tuple(field, hostileValue), { minLength: 1, maxLength: 4 })
        .map((entries) => JSON.stringify(Object.fromEntries(entries))),
    },
    { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify([value])) },
    { weight: 1, arbitrary: hostileScalar.map((value) => JSON.stringify(value) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc
        .tuple(field, fc.constantFrom('__proto__', 'constructor'))
        .map(([name, key]) => `{"${key}":{"prototype":{"${name}":true}},"${name}":{"__proto__":{"admin":true}}}`),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 33, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    },
    { weight: 1, arbitrary: field.map((name) => JSON.stringify({ [name]: OVER_BODY_LIMIT })) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":1,}', 'nul', '"\\ud800"', '{"a":"\\u0000"}') },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded'),
    },
  );
  return fc.record({ url, payload, contentType });
}

/**
 * The auth library's own endpoints under /api/auth, which must answer like any other path: the two mailed links are
 * in the route table already, every other one has to be a 404 without ever reaching the library.
 */
function authLibraryRoutes(app: App): RouteEntry[] {
  const listed = new Set(app.routeTable.map((route) => `${route.method} ${route.url}`));
  return authLibraryEndpoints(app)
    .filter(({ method, url }) => !listed.has(`${method} ${url}`))
    .map(({ method, url, body }) => ({ method, url, config: {}, schema: { body } }));
}

describe.each(testTargets())('malformed requests to every route on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  const knownIds: Record<string, string> = {};

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    database = started.database;
    close = started.close;
    const { courseId, lessonIds } = await insertCourse(database.db);
    const [module] = await database.db.select().from(courseModules).where(eq(courseModules.courseId, courseId));
    Object.assign(knownIds, { courseId, lessonId: lessonIds[0] ?? '', moduleId: module?.id ?? '' });
  });
  afterAll(async () => {
    await close();
  });

  it('answers every one with a 4xx or less, never a 5xx, a stack trace or SQL', async () => {
    const people: { name: string; role: Role | null; person: Person | null }[] = [
      { name: 'anonymous', role: null, person: null },
      { name: 'learner with a plan', role: 'learner', person: null },
      { name: 'admin', role: 'admin', person: null },
    ];
    const signIn = async (entry: (typeof people)[number]) => {
      if (entry.role) entry.person = await createPerson(app, database.db, { role: entry.role, tier: 'universal' });
    };
    for (const entry of people) await signIn(entry);

    const problems: string[] = [];
    let requests = 0;
    let serverErrors = 0;
    const libraryRoutes = authLibraryRoutes(app);
    const routes = [...app.routeTable, ...libraryRoutes];
    for (const [index, route] of routes.entries()) {
      const samples = fc.sample(requestArbitrary(route, knownIds), { seed: SEED + index, numRuns: RUNS_PER_ROUTE });
      for (const sample of samples) {
        for (const entry of people) {
          const response = await app.inject({
            method: route.method as 'GET',
            url: sample.url,
            headers: { 'content-type': sample.contentType, ...(entry.person?.headers ?? {}) },
            ...(sample.payload === undefined ? {} : { payload: sample.payload }),
          });
          requests += 1;
          const shown = `${route.method} ${sample.url.slice(0, 120)} as ${entry.name} (body ${sample.payload?.slice(0, 80)})`;
          if (response.statusCode >= 500) {
            serverErrors += 1;
            problems.push(`${response.statusCode} for ${shown}: ${response.body.slice(0, 200)}`);
          }
          const checked = response.statusCode >= 400 || /json/.test(String(response.headers['content-type']));
          const leak = checked ? LEAKS.find((pattern) => pattern.test(response.body)) : undefined;
          if (leak) problems.push(`${leak} leaked for ${shown}: ${response.body.slice(0, 200)}`);
          // A request that happened to sign the user out or delete the account: continue as a fresh user.
          if (entry.person && response.statusCode < 300 && BODY_METHODS.has(route.method)) {
            if (!(await currentUserId(app, entry.person.headers.cookie))) await signIn(entry);
          }
        }
      }
    }

    console.info(
      `route fuzz on ${target.name}: ${routes.length} routes walked (${app.routeTable.length} from the route table, ` +
        `${libraryRoutes.length} more auth library paths), ${requests} requests sent, ${serverErrors} 5xx seen`,
    );
    expect(app.routeTable.some((route) => route.url.startsWith('/api/auth/'))).toBe(true);
    expect(problems).toEqual([]);
  }, 300_000);
});
