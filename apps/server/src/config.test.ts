import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_PLAN_PRICES } from '@portal/shared/billing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const SECRET = 'a-secret-that-is-long-enough-1234567890';

describe('configuration', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('with nothing set, the embedded default runs with demo data, the dev mailbox and a stored secret', () => {
    const config = loadConfig({ DATA_DIR: dataDir });

    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      demoData: true,
      devMailbox: true,
      smtp: null,
      logLevel: 'info',
      authRateLimitPerMinute: 30,
      bodyLimitBytes: 1_048_576,
    });
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    const secretFile = path.join(dataDir, 'auth-secret');
    expect(readFileSync(secretFile, 'utf8')).toBe(config.authSecret);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
  });

  it('keeps the same embedded secret across restarts, so sessions survive', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.authSecret).toBe(first.authSecret);
  });

  it('with a database server, demo data and the dev mailbox are off unless asked for', () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://portal@db:5432/portal', AUTH_SECRET: SECRET };

    expect(loadConfig(env)).toMatchObject({ demoData: false, devMailbox: false, authSecret: SECRET });
    expect(loadConfig({ ...env, DEMO_DATA: '1', DEV_MAILBOX: 'yes' })).toMatchObject({
      demoData: true,
      devMailbox: true,
    });
  });

  it('with SMTP configured, mail goes out by SMTP and the dev mailbox is off', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMTP_HOST: 'smtp.example.com',
      SMTP_USER: 'u',
      DEV_MAILBOX: 'true',
    });

    expect(config.devMailbox).toBe(false);
    expect(config.smtp).toEqual({ host: 'smtp.example.com', port: 587, secure: false, user: 'u', pass: undefined });
  });

  it('reads STUN/TURN servers for live-room calls, and refuses a list that is not one', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).liveIceServers).toEqual([]);
    const servers = [
      { urls: 'stun:stun.example.org:3478' },
      { urls: ['turn:t.example.org'], username: 'u', credential: 'c' },
    ];
    expect(loadConfig({ DATA_DIR: dataDir, LIVE_ICE_SERVERS: JSON.stringify(servers) }).liveIceServers).toEqual(
      servers,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, LIVE_ICE_SERVERS: '{"urls": 1}' })).toThrow(/LIVE_ICE_SERVERS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, LIVE_ICE_SERVERS: 'stun:x' })).toThrow(/LIVE_ICE_SERVERS/);
  });

  it('reads the plans’ prices, the defaults when unset, and refuses a table missing a tier or with a bad amount', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).prices).toEqual(DEFAULT_PLAN_PRICES);
    const usd = (amount: number) => ({
      month: { amount, currency: 'USD' },
      year: { amount: amount * 10, currency: 'USD' },
    });
    const prices = { me: usd(500), us: usd(1500), universal: usd(2500) };
    expect(loadConfig({ DATA_DIR: dataDir, PLAN_PRICES: JSON.stringify(prices) }).prices).toEqual(prices);
    const { universal: _, ...missing } = prices;
    for (const refused of [missing, { ...prices, me: usd(4.5) }, { ...prices, me: usd(0) }, 'cheap']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PLAN_PRICES: JSON.stringify(refused) })).toThrow(/PLAN_PRICES/);
    }
  });

  it('logs at warn in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }).logLevel).toBe('warn');
  });

  it('drops a trailing slash from the public address', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://learn.example.com/' }).publicUrl).toBe(
      'https://learn.example.com',
    );
  });

  it('treats an empty variable as not set', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, demoData: true });
  });

  it('refuses to start in production against a database server without AUTH_SECRET', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: 'postgres://portal@db:5432/portal' }),
    ).toThrow(/AUTH_SECRET is required in production/);
  });

  it('without Stripe variables the sandbox checkout is used; with all of them, Stripe and its price ids', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).stripe).toBeNull();
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      STRIPE_PRICE_ME_MONTH: 'price_me_m',
      STRIPE_PRICE_ME_YEAR: 'price_me_y',
      STRIPE_PRICE_US_MONTH: 'price_us_m',
      STRIPE_PRICE_US_YEAR: 'price_us_y',
      STRIPE_PRICE_UNIVERSAL_MONTH: 'price_uni_m',
      STRIPE_PRICE_UNIVERSAL_YEAR: 'price_uni_y',
    };
    expect(loadConfig({ DATA_DIR: dataDir, ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_123',
      prices: {
        me: { month: 'price_me_m', year: 'price_me_y' },
        us: { month: 'price_us_m', year: 'price_us_y' },
        universal: { month: 'price_uni_m', year: 'price_uni_y' },
      },
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    const { STRIPE_PRICE_US_YEAR: _left, ...partial } = stripe;
    expect(() => loadConfig({ DATA_DIR: dataDir, ...partial })).toThrow(/missing STRIPE_PRICE_US_YEAR/);
  });

  it.each([
    { env: { STRIPE_SECRET_KEY: 'pk_live_123' }, names: 'STRIPE_SECRET_KEY must start with sk_' },
    { env: { PORT: 'eighty' }, names: 'PORT' },
    { env: { AUTH_SECRET: 'short' }, names: 'AUTH_SECRET must be at least 32 characters' },
    { env: { DATABASE_URL: 'not a url' }, names: 'DATABASE_URL' },
    { env: { BODY_LIMIT_BYTES: '10' }, names: 'BODY_LIMIT_BYTES' },
    { env: { DEV_MAILBOX: 'maybe' }, names: 'DEV_MAILBOX' },
    { env: { NODE_ENV: 'staging' }, names: 'NODE_ENV' },
  ])('a bad value stops start-up with a message naming it ($names)', ({ env, names }) => {
    let thrown: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).message).toContain('Invalid configuration');
    expect((thrown as ConfigError).message).toContain(names);
  });
  describe('the SCORM content origin', () => {
    it("is another site on the same machine by default, so browsers send it none of the app's cookies", () => {
      const onLocalhost = loadConfig({ DATA_DIR: dataDir }).scorm;
      expect(onLocalhost).toMatchObject({
        contentOrigin: 'http://127.0.0.1:3001',
        contentPort: 3001,
        contentSharesHost: false,
      });
      const onLoopbackAddress = loadConfig({ DATA_DIR: dataDir, PORT: '4000', PUBLIC_URL: 'http://127.0.0.1:4000' });
      expect(onLoopbackAddress.scorm).toMatchObject({ contentOrigin: 'http://localhost:4001', contentPort: 4001 });
    });

    it("keeps the public host name elsewhere and says that it shares the app's cookies", () => {
      const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://learn.example.com' });
      expect(config.scorm).toMatchObject({ contentOrigin: 'https://learn.example.com:3001', contentSharesHost: true });
    });

    it("follows CONTENT_ORIGIN, refusing the app's own origin", () => {
      const separate = loadConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://learn.example.com',
        CONTENT_ORIGIN: 'https://content.example-usercontent.com/',
      });
      expect(separate.scorm).toMatchObject({
        contentOrigin: 'https://content.example-usercontent.com',
        contentPort: null,
        contentSharesHost: false,
      });
      expect(() =>
        loadConfig({
          DATA_DIR: dataDir,
          PUBLIC_URL: 'https://learn.example.com',
          CONTENT_ORIGIN: 'https://learn.example.com',
        }),
      ).toThrow(ConfigError);
    });
  });

  describe('the dev mailbox, in each mode', () => {
    it.each([
      { mode: 'production', env: { NODE_ENV: 'production' }, host: '0.0.0.0', devMailbox: false },
      {
        mode: 'production on a loopback address',
        env: { NODE_ENV: 'production', HOST: '127.0.0.1' },
        host: '127.0.0.1',
        devMailbox: false,
      },
      { mode: 'development, loopback (the default)', env: {}, host: 'localhost', devMailbox: true },
      { mode: 'development, all interfaces', env: { HOST: '0.0.0.0' }, host: '0.0.0.0', devMailbox: false },
      { mode: 'development, a LAN address', env: { HOST: '192.168.1.20' }, host: '192.168.1.20', devMailbox: false },
      {
        mode: 'development, all interfaces, DEV_MAILBOX=1',
        env: { HOST: '0.0.0.0', DEV_MAILBOX: '1' },
        host: '0.0.0.0',
        devMailbox: true,
      },
      { mode: 'development, loopback, DEV_MAILBOX=0', env: { DEV_MAILBOX: '0' }, host: 'localhost', devMailbox: false },
      {
        mode: 'SMTP configured',
        env: { SMTP_HOST: 'smtp.example.com', DEV_MAILBOX: '1' },
        host: 'localhost',
        devMailbox: false,
      },
    ])('$mode: listens on $host, mailbox $devMailbox', ({ env, host, devMailbox }) => {
      expect(loadConfig({ DATA_DIR: dataDir, ...env })).toMatchObject({ host, devMailbox });
    });

    it('refuses DEV_MAILBOX=1 in production, saying where the links go instead', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', DEV_MAILBOX: '1' })).toThrow(
        /DEV_MAILBOX cannot be on with NODE_ENV=production.*server log/,
      );
    });
  });

  describe('TRUST_PROXY', () => {
    it.each([
      { value: undefined, trustProxy: false },
      { value: '0', trustProxy: false },
      { value: 'false', trustProxy: false },
      { value: '1', trustProxy: 1 },
      { value: 'true', trustProxy: 1 },
      { value: '2', trustProxy: 2 },
      { value: '10.0.0.0/8, 192.168.0.1', trustProxy: ['10.0.0.0/8', '192.168.0.1'] },
      { value: 'loopback,::1', trustProxy: ['loopback', '::1'] },
    ])('$value means $trustProxy', ({ value, trustProxy }) => {
      expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
    });

    it('a value that is neither a hop count nor proxy addresses stops start-up', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'the-load-balancer' })).toThrow(/TRUST_PROXY/);
    });
  });
});
