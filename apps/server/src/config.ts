import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PlanPrices } from '@portal/shared/billing';
import type { IceServer } from '@portal/shared/live-room';
import { z } from 'zod';
import { jsonSettings } from './config-json.ts';
import { type S3Settings, s3Settings } from './config-s3.ts';

import { REPO_ROOT } from './paths.ts';

export type { S3Settings };
export { REPO_ROOT };

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  DEMO_DATA: flag.optional(),
  DEV_MAILBOX: flag.optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: flag.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().default('Learning Portal <no-reply@localhost>'),
  WEB_DIST_DIR: z.string().optional(),
  CONTENT_ORIGIN: z.url().optional(),
  CONTENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SCORM_MAX_PACKAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(500 * 1024 ** 2),
  SCORM_MAX_ENTRIES: z.coerce.number().int().min(1).default(20_000),
  SCORM_MAX_UNPACKED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 ** 3),
  SCORM_MAX_COMPRESSION_RATIO: z.coerce.number().min(1).default(100),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'STRIPE_SECRET_KEY must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional(),
  STRIPE_PRICE_ME_MONTH: z.string().optional(),
  STRIPE_PRICE_ME_YEAR: z.string().optional(),
  STRIPE_PRICE_US_MONTH: z.string().optional(),
  STRIPE_PRICE_US_YEAR: z.string().optional(),
  STRIPE_PRICE_UNIVERSAL_MONTH: z.string().optional(),
  STRIPE_PRICE_UNIVERSAL_YEAR: z.string().optional(),
  STRIPE_API_URL: z.url().optional(),
  SCORM_INGEST_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  COACH_OPENAI_BASE_URL: z.url().optional(),
  COACH_OPENAI_API_KEY: z.string().optional(),
  COACH_MODEL: z.string().optional(),
  COACH_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  ...jsonSettings,
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(true),
});

/**
 * scrypt's cost N for stored passwords: better-auth's own, so the hashes it made stay valid. Only the test
 * configuration sets less, as every test account signs up and in through the real path.
 */
export const STANDARD_PASSWORD_COST = 16_384;

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string;
  demoData: boolean;
  /** The outbox is readable by admins at /dev/mailbox (never in production, never on a public address unasked). */
  devMailbox: boolean;
  /** Fastify's `trustProxy`: false, a number of trusted proxy hops, or the trusted proxies' addresses/CIDRs. */
  trustProxy: TrustProxy;
  logLevel: string;
  authRateLimitPerMinute: number;
  /** scrypt's cost N for stored passwords; only the test configuration sets less than the standard. */
  passwordCost: number;
  bodyLimitBytes: number;
  smtp: { host: string; port: number; secure: boolean; user?: string; pass?: string } | null;
  mailFrom: string;
  webDistDir: string;
  /** Stripe instead of the sandbox checkout; null unless the key, the webhook secret and every price id are set. */
  stripe: StripeSettings | null;
  /** The price of each paid tier and interval (PLAN_PRICES); the checkout shows them. */
  prices: PlanPrices;
  scorm: {
    /** Origin that serves package files, e.g. `http://127.0.0.1:3001` for an app on localhost:3000; never the app's. */
    contentOrigin: string;
    /** Port of the embedded content server; null when CONTENT_ORIGIN points at a server run elsewhere. */
    contentPort: number | null;
    /** CONTENT_PORT was set, so that port and no other is used. */
    contentPortExplicit: boolean;
    /** An ingest that has not renewed its lease for this long was interrupted (crash, restart) and is failed. */
    ingestLeaseSeconds: number;
    /** The content origin has the app's host name, so browsers send it the app's cookies (fine only locally). */
    contentSharesHost: boolean;
    limits: { maxPackageBytes: number; maxEntries: number; maxUnpackedBytes: number; maxCompressionRatio: number };
  };
  coach: CoachSettings;
  /** STUN/TURN servers offered to live-room calls (LIVE_ICE_SERVERS); empty: peers must reach each other directly. */
  liveIceServers: IceServer[];
  /** Files in an S3-compatible object store instead of DATA_DIR/files; null unless S3_ENDPOINT and S3_BUCKET are set. */
  s3: S3Settings | null;
};

/** The AI coach: the built-in grounded coach, or an OpenAI-compatible endpoint when COACH_OPENAI_BASE_URL is set. */
export type CoachSettings = {
  openai: { baseUrl: string; apiKey: string; model: string } | null;
  /** A provider silent for this long (no first byte, or no next chunk) has timed out. */
  timeoutMs: number;
};

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Stripe price id per paid tier and interval. */
  prices: Record<'me' | 'us' | 'universal', Record<'month' | 'year', string>>;
  /** Where API calls go: Stripe's own API, or a Stripe-compatible server named by STRIPE_API_URL. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
};

export class ConfigError extends Error {}

/** STRIPE_* settings: all of them or none (the sandbox checkout). */
function stripeSettings(e: Partial<Record<`STRIPE_${string}`, string>>): StripeSettings | null {
  const names = [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_ME_MONTH',
    'STRIPE_PRICE_ME_YEAR',
    'STRIPE_PRICE_US_MONTH',
    'STRIPE_PRICE_US_YEAR',
    'STRIPE_PRICE_UNIVERSAL_MONTH',
    'STRIPE_PRICE_UNIVERSAL_YEAR',
  ] as const;
  const missing = names.filter((name) => !e[name]);
  if (missing.length === names.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  Stripe needs all of ${names.join(', ')}; missing ${missing.join(', ')}`,
    );
  }
  const value = (name: (typeof names)[number]) => e[name] ?? '';
  const api = e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null;
  return {
    secretKey: value('STRIPE_SECRET_KEY'),
    webhookSecret: value('STRIPE_WEBHOOK_SECRET'),
    prices: {
      me: { month: value('STRIPE_PRICE_ME_MONTH'), year: value('STRIPE_PRICE_ME_YEAR') },
      us: { month: value('STRIPE_PRICE_US_MONTH'), year: value('STRIPE_PRICE_US_YEAR') },
      universal: { month: value('STRIPE_PRICE_UNIVERSAL_MONTH'), year: value('STRIPE_PRICE_UNIVERSAL_YEAR') },
    },
    api: api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : null,
  };
}

export type TrustProxy = false | number | string[];

/** Names Fastify's proxy-addr accepts for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Fastify's `trustProxy` option: a hop count trusts that many hops nearest the server, counting the socket's peer. */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** `TRUST_PROXY`: off, `1`/`true` for one proxy hop, a hop count, or a comma list of proxy addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === '0' || text === 'false' || text === 'no') return false;
  if (text === 'true' || text === 'yes') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const proxies = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ipOrCidr = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
  const bad = proxies.filter((entry) => !ipOrCidr.safeParse(entry).success && !PROXY_RANGE_NAMES.has(entry));
  if (bad.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: expected 0/1, a hop count or proxy addresses/CIDRs, got ${bad.join(', ')}`,
    );
  }
  return proxies;
}

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]']);

/** The listen address is reachable only from this machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The dev mailbox: never in production and never when mail goes out over SMTP; on a loopback address it follows
 * DEV_MAILBOX (on by default with the embedded database), on any other address only when DEV_MAILBOX is set.
 */
function devMailboxSetting(
  e: { NODE_ENV: string; DEV_MAILBOX?: boolean },
  host: string,
  smtp: boolean,
  embedded: boolean,
) {
  if (e.NODE_ENV === 'production' && e.DEV_MAILBOX === true) {
    throw new ConfigError(
      'DEV_MAILBOX cannot be on with NODE_ENV=production: the outbox holds sign-in and reset links. Configure SMTP; until then the links are written to the server log.',
    );
  }
  if (smtp || e.NODE_ENV === 'production') return false;
  if (!isLoopbackHost(host)) return e.DEV_MAILBOX === true;
  return e.DEV_MAILBOX ?? embedded;
}

/** Reads the embedded default's secret from the data folder, creating it once. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

type Env = z.infer<typeof envSchema>;

function parseEnv(env: NodeJS.ProcessEnv): Env {
  // An empty variable means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

function coachSettings(e: Env): CoachSettings {
  return {
    openai: e.COACH_OPENAI_BASE_URL
      ? {
          baseUrl: e.COACH_OPENAI_BASE_URL,
          apiKey: e.COACH_OPENAI_API_KEY ?? 'not-needed',
          model: e.COACH_MODEL ?? 'gpt-4o-mini',
        }
      : null,
    timeoutMs: e.COACH_TIMEOUT_MS,
  };
}

/** Where SCORM content is served from, with the limits on uploaded packages. */
function scormSettings(e: Env, publicUrl: string): Config['scorm'] {
  return {
    ...scormContentSettings({ publicUrl, port: e.PORT, contentOrigin: e.CONTENT_ORIGIN, contentPort: e.CONTENT_PORT }),
    ingestLeaseSeconds: e.SCORM_INGEST_LEASE_SECONDS,
    limits: {
      maxPackageBytes: e.SCORM_MAX_PACKAGE_BYTES,
      maxEntries: e.SCORM_MAX_ENTRIES,
      maxUnpackedBytes: e.SCORM_MAX_UNPACKED_BYTES,
      maxCompressionRatio: e.SCORM_MAX_COMPRESSION_RATIO,
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data');
  const embedded = !e.DATABASE_URL;
  if (!e.AUTH_SECRET && !embedded && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'AUTH_SECRET is required in production when DATABASE_URL is set (32+ random characters, e.g. `openssl rand -base64 32`).',
    );
  }
  const smtp = e.SMTP_HOST
    ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, pass: e.SMTP_PASS }
    : null;
  const host = e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const s3 = s3Settings(e);
  if (s3 && 'problem' in s3) throw new ConfigError(s3.problem);
  const scorm = scormSettings(e, publicUrl);
  return {
    env: e.NODE_ENV,
    host,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    authSecret: e.AUTH_SECRET ?? embeddedSecret(dataDir),
    demoData: e.DEMO_DATA ?? embedded,
    devMailbox: devMailboxSetting(e, host, smtp !== null, embedded),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'production' ? 'warn' : e.NODE_ENV === 'test' ? 'silent' : 'info'),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    passwordCost: STANDARD_PASSWORD_COST,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    smtp,
    mailFrom: e.MAIL_FROM,
    webDistDir: path.resolve(REPO_ROOT, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    stripe: stripeSettings(e),
    prices: e.PLAN_PRICES,
    s3,
    liveIceServers: e.LIVE_ICE_SERVERS,
    coach: coachSettings(e),
    scorm,
  };
}

/** Each loopback name's partner: the same machine under another host name, so a different site to the browser. */
const LOOPBACK_PARTNERS: Record<string, string> = {
  localhost: '127.0.0.1',
  '127.0.0.1': 'localhost',
  '[::1]': 'localhost',
};

/**
 * SCORM content is served from its own origin, which should be a different site from the app's: cookies are kept
 * per host name, not per port, so a browser would otherwise send the app's session cookie along with every package
 * file. By default the same process listens on a second port (PORT + 1); when the app is opened on a loopback name
 * (localhost, 127.0.0.1) the content is addressed by the other one, a different site on the same machine. On any
 * other host the default shares the app's host name, which `contentSharesHost` reports so the server can say that
 * CONTENT_ORIGIN should name another site. CONTENT_ORIGIN names an origin served elsewhere (a proxy in front of
 * CONTENT_PORT).
 */
function scormContentSettings({
  publicUrl,
  port,
  contentOrigin,
  contentPort,
}: {
  publicUrl: string;
  port: number;
  contentOrigin: string | undefined;
  contentPort: number | undefined;
}): { contentOrigin: string; contentPort: number | null; contentPortExplicit: boolean; contentSharesHost: boolean } {
  const app = new URL(publicUrl);
  if (contentOrigin) {
    const content = new URL(contentOrigin);
    if (content.origin === app.origin) {
      throw new ConfigError('CONTENT_ORIGIN must differ from the app origin (PUBLIC_URL).');
    }
    return {
      contentOrigin: content.origin,
      contentPort: contentPort ?? null,
      contentPortExplicit: contentPort !== undefined,
      contentSharesHost: content.hostname === app.hostname,
    };
  }
  const listenPort = contentPort ?? (port === 0 ? 0 : port + 1);
  const url = new URL(publicUrl);
  url.port = String(listenPort);
  const partner = LOOPBACK_PARTNERS[url.hostname];
  if (partner) url.hostname = partner;
  return {
    contentOrigin: url.origin,
    contentPort: listenPort,
    contentPortExplicit: contentPort !== undefined,
    contentSharesHost: partner === undefined,
  };
}
