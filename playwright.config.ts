import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the product as `npm start`
 * serves it: the API with the built shell and micro-frontends, on TEST_DATABASE_URL when set (CI's real
 * PostgreSQL) and on a fresh embedded database otherwise.
 */
const port = Number(process.env.E2E_PORT ?? 3197);
/**
 * The server's DATA_DIR. Workers inherit the variable, so a test reads the same folder the server writes
 * (mails land in DATA_DIR/outbox: tests/e2e/support/mail.ts).
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'buildbid-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
/**
 * The API re-reads this file on every GET /remotes.json: the delivery tests point a remote at another
 * origin without restarting the API. Workers inherit the variable.
 */
process.env.E2E_REMOTES_FILE ??= join(dataDir, 'remotes.json');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The database the server under test uses, for commands the tests run beside it (admin:promote): the
 * machine's PostgreSQL when set, else the server's embedded one on a fixed port.
 */
const embeddedDbPort = port + 1000;
process.env.E2E_DATABASE_URL ??=
  process.env.TEST_DATABASE_URL ?? `postgres://postgres@127.0.0.1:${embeddedDbPort}/postgres`;

/**
 * Parallel workers where it is safe (issue 15: the suite stays under 6 minutes on 2 cores). Every journey
 * makes its own users and projects, so journeys run side by side on one server and one database. The
 * delivery tests rebuild and re-serve the bids remote and rewrite remotes.json, which every open page
 * would see: they run alone, after the rest.
 */
const workers = Number(process.env.E2E_WORKERS ?? 3);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers,
  fullyParallel: true,
  forbidOnly: true,
  projects: [
    { name: 'journeys', testIgnore: /independent-delivery\.spec\.ts$/ },
    {
      name: 'delivery',
      testMatch: /independent-delivery\.spec\.ts$/,
      workers: 1,
      fullyParallel: false,
      dependencies: ['journeys'],
    },
  ],
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node apps/api/src/main.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address the browser uses: the OAuth server builds absolute URLs from it (the consent page's
      // next step, /oauth/auth/{uid}, must be where the browser holds its cookies; decision 0213).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? '',
      DATA_DIR: dataDir,
      EMBEDDED_DB_PORT: String(embeddedDbPort),
      REMOTES_FILE: process.env.E2E_REMOTES_FILE,
      SEED_DEMO_DATA: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // The browser tests share busy machines: room for slow statements (the defaults are 1.2 s).
      DB_STATEMENT_TIMEOUT_MS: '30000',
      DB_ACQUIRE_TIMEOUT_MS: '10000',
      LOG_LEVEL: 'warn',
      // Mails (reset and verification links) reach the outbox folder within a moment, not 5 s.
      MAIL_POLL_MS: '200',
    },
  },
});
