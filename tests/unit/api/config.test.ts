import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../apps/api/src/config.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'buildbid-config-'));
const SECRET = 'cd'.repeat(32);

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
    let error: unknown;
    try {
      loadConfig(
        { PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short', LOG_LEVEL: 'loud' },
        tmp(),
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("PORT must be a whole number from 0 to 65535 (got 'eighty')");
    expect(message).toContain('DATABASE_URL must be a postgres:// URL');
    expect(message).toContain('SESSION_SECRET must be 64 hex characters');
    expect(message).toContain('LOG_LEVEL must be one of');
  });

  it('requires SESSION_SECRET in production and does not seed demo data there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, tmp())).toThrow(
      /SESSION_SECRET is required in production/,
    );
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET }, tmp());
    expect(config.seedDemoData).toBe(false);
    expect(config.sessionKey.toString('hex')).toBe(SECRET);
  });
});
