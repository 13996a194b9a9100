import { defineConfig } from 'vitest/config';

/** Tests that need two live transactions or LISTEN/NOTIFY run only where a real PostgreSQL is given. */
const realPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
if (!realPostgres && process.argv.some((a) => a.includes('integration'))) {
  console.info(
    'tests/integration/postgres-only is left out: it needs a real PostgreSQL (set TEST_DATABASE_URL; CI does).',
  );
}

/**
 * Three suites, one runner:
 * - unit: domain, application and frontend components (files opt into jsdom with a docblock);
 * - integration: the API and the repositories against PostgreSQL (TEST_DATABASE_URL / DATABASE_URL,
 *   or an embedded PGlite started by the global setup), one file at a time because they share a database;
 *   tests/integration/postgres-only (concurrent transactions, LISTEN/NOTIFY) only with a real server;
 * - contracts: Pact consumer tests, then provider verification against the real API.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: realPostgres ? [] : ['tests/integration/postgres-only/**'],
          globalSetup: ['tests/integration/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'contracts',
          include: ['contracts/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
