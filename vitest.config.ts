import { defineConfig } from 'vitest/config';

/**
 * Three suites, one runner:
 * - unit: domain, application and frontend components (files opt into jsdom with a docblock);
 * - integration: the API and the repositories against PostgreSQL (TEST_DATABASE_URL / DATABASE_URL,
 *   or an embedded PGlite started by the global setup), one file at a time because they share a database;
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
