import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#api/config.ts';

const SECRET = 'a'.repeat(64);
const tmp = () => mkdtempSync(join(tmpdir(), 'buildbid-config-'));

describe('PAYMENTS_SANDBOX: a trial stack without a Stripe account', () => {
  it('lets NODE_ENV=production start on the sandbox gateway when set, and only then', () => {
    const trial = loadConfig(
      { NODE_ENV: 'production', SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: 'true', STRIPE_SECRET_KEY: '' },
      tmp(),
    );
    expect(trial.paymentsSandbox).toBe(true);
    expect(trial.stripe).toBeNull();
    // A production deployment still demands the keys.
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET }, tmp())).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID, STRIPE_PUBLISHABLE_KEY are required in production/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: 'false' }, tmp()),
    ).toThrow(/required in production/);
  });

  it('refuses a sandbox flag next to real keys, and values other than true/false', () => {
    expect(() =>
      loadConfig(
        {
          NODE_ENV: 'production',
          SESSION_SECRET: SECRET,
          PAYMENTS_SANDBOX: 'true',
          STRIPE_SECRET_KEY: 'sk_x',
        },
        tmp(),
      ),
    ).toThrow('PAYMENTS_SANDBOX=true and Stripe keys are both set: choose one');
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'yes' }, tmp())).toThrow(
      "PAYMENTS_SANDBOX must be true or false (got 'yes')",
    );
  });

  it('reads REMOTES_FILE as a path', () => {
    expect(loadConfig({ REMOTES_FILE: 'conf/remotes.json' }, '/srv/app').remotesFile).toBe(
      '/srv/app/conf/remotes.json',
    );
    expect(loadConfig({}, tmp()).remotesFile).toBeUndefined();
  });
});
