import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorOf } from '@buildbid/test-kit/samples';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#api/config.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'buildbid-config-'));
const SECRET = 'cd'.repeat(32);
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_PRICE_ID: 'price_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
};

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const dir = tmp();
    const config = loadConfig({}, dir);
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: undefined,
      seedDemoData: true,
    });
    expect(config.dataDir).toBe(join(dir, '.data'));
    expect(config.sessionKey).toHaveLength(32);
  });

  it('generates a development session secret once and keeps it under DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({}, dir).sessionKey;
    expect(readFileSync(join(dir, '.data', 'session-secret'), 'utf8')).toBe(first.toString('hex'));
    expect(loadConfig({}, dir).sessionKey.equals(first)).toBe(true);
  });

  it('names every bad variable in one message', () => {
    const error = errorOf<Error>(() =>
      loadConfig(
        { PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short', LOG_LEVEL: 'loud' },
        tmp(),
      ),
    );
    expect(error).toBeInstanceOf(ConfigError);
    const message = error.message;
    expect(message).toContain("PORT must be a whole number from 0 to 65535 (got 'eighty')");
    expect(message).toContain('DATABASE_URL must be a postgres:// URL');
    expect(message).toContain('SESSION_SECRET must be 64 hex characters');
    expect(message).toContain('LOG_LEVEL must be one of');
  });

  it('requires SESSION_SECRET in production and does not seed demo data there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, tmp())).toThrow(
      /SESSION_SECRET is required in production/,
    );
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, ...STRIPE }, tmp());
    expect(config.seedDemoData).toBe(false);
    expect(config.sessionKey.toString('hex')).toBe(SECRET);
  });

  describe('Stripe', () => {
    it('runs the sandbox gateway without keys outside production', () => {
      expect(loadConfig({}, tmp()).stripe).toBeNull();
      expect(loadConfig({ NODE_ENV: 'test' }, tmp()).stripe).toBeNull();
    });

    it('refuses to start in production without the four keys, naming them', () => {
      expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET }, tmp())).toThrow(
        'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID, STRIPE_PUBLISHABLE_KEY are required in production',
      );
      const { STRIPE_WEBHOOK_SECRET: _left, ...threeKeys } = STRIPE;
      expect(() =>
        loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, ...threeKeys }, tmp()),
      ).toThrow('STRIPE_WEBHOOK_SECRET is required in production');
    });

    it('reads the keys, and the API host, port and protocol tests point at a fake Stripe', () => {
      expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, ...STRIPE }, tmp()).stripe).toEqual(
        {
          secretKey: 'sk_live_abc',
          webhookSecret: 'whsec_abc',
          priceId: 'price_abc',
          publishableKey: 'pk_live_abc',
          apiHost: undefined,
          apiPort: undefined,
          apiProtocol: undefined,
        },
      );
      const local = {
        ...STRIPE,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: '12111',
        STRIPE_API_PROTOCOL: 'http',
      };
      expect(loadConfig({ NODE_ENV: 'test', ...local }, tmp()).stripe).toMatchObject({
        apiHost: '127.0.0.1',
        apiPort: 12111,
        apiProtocol: 'http',
      });
    });

    it('names a partial set, wrong prefixes and a bad port or protocol', () => {
      const { message } = errorOf<Error>(() =>
        loadConfig(
          {
            STRIPE_SECRET_KEY: 'pk_test_oops',
            STRIPE_PRICE_ID: 'prod_abc',
            STRIPE_API_PORT: 'x',
            STRIPE_API_PROTOCOL: 'ftp',
          },
          tmp(),
        ),
      );
      expect(message).toContain('missing STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY');
      expect(message).toContain('STRIPE_SECRET_KEY must start with sk_ or rk_');
      expect(message).toContain('STRIPE_PRICE_ID must start with price_');
      expect(message).toContain('STRIPE_API_PORT must be a whole number');
      expect(message).toContain('STRIPE_API_PROTOCOL must be http or https');
    });

    it('keeps plain http for tests only', () => {
      expect(() =>
        loadConfig(
          { NODE_ENV: 'production', SESSION_SECRET: SECRET, ...STRIPE, STRIPE_API_PROTOCOL: 'http' },
          tmp(),
        ),
      ).toThrow('STRIPE_API_PROTOCOL=http is for tests');
    });
  });

  describe('TRUST_PROXY', () => {
    it('believes no forwarded header unless the proxies are named', () => {
      expect(loadConfig({}, tmp()).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }, tmp()).trustProxy).toEqual([
        '10.0.0.0/8',
        '127.0.0.1',
      ]);
      expect(loadConfig({ TRUST_PROXY: 'loopback' }, tmp()).trustProxy).toEqual(['loopback']);
    });

    it.each(['true', '1', 'proxy.example'])('refuses %s: any client could claim any address', (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value }, tmp())).toThrow(/TRUST_PROXY must list the proxies/);
    });
  });

  it('bounds how long a request may wait on the database by default (under 2 s)', () => {
    const config = loadConfig({}, tmp());
    expect(config.dbAcquireTimeoutMs + 250).toBeLessThan(2000);
    expect(config.dbStatementTimeoutMs + 250).toBeLessThan(2000);
  });
});

describe('scale-out settings', () => {
  it('keeps uploads on disk and rate limits in memory by default', () => {
    const config = loadConfig({}, tmp());
    expect(config.storage).toEqual({ kind: 'disk' });
    expect(config.redisUrl).toBeUndefined();
  });

  it('keeps uploads in an S3-compatible bucket with STORAGE=s3, path-style for a custom endpoint', () => {
    const config = loadConfig(
      {
        STORAGE: 's3',
        S3_BUCKET: 'buildbid-uploads',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        REDIS_URL: 'redis://redis:6379',
      },
      tmp(),
    );
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'buildbid-uploads',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: '',
    });
    expect(config.redisUrl).toBe('redis://redis:6379');
  });

  it('names every bad storage or Redis variable at once', () => {
    expect(() =>
      loadConfig(
        { STORAGE: 's3', S3_BUCKET: 'No_Such Bucket', S3_ACCESS_KEY_ID: 'key', REDIS_URL: 'localhost:6379' },
        tmp(),
      ),
    ).toThrow(
      /S3_BUCKET must name a bucket[\s\S]*S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together[\s\S]*REDIS_URL must be a redis:\/\//,
    );
    expect(() => loadConfig({ STORAGE: 'ftp' }, tmp())).toThrow(/STORAGE must be disk or s3/);
  });
});
