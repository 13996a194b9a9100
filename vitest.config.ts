import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The modules @buildbid/domain exports (its package.json), each resolved by name. */
const domainExports: Record<string, string> = JSON.parse(
  readFileSync(here('./packages/domain/package.json'), 'utf8'),
).exports;

/** The workspace packages, resolved even where node_modules predates them (as in the builds). */
const resolve = {
  alias: [
    ...Object.entries(domainExports).map(([subpath, file]) => ({
      find: new RegExp(`^@buildbid/domain/${subpath.slice(2)}$`),
      replacement: here(`./packages/domain/${file}`),
    })),
    { find: /^@buildbid\/api-client$/, replacement: here('./openapi/src/index.ts') },
    { find: /^@buildbid\/ui$/, replacement: here('./packages/ui/src/index.ts') },
    { find: /^@buildbid\/ui\/shared\.css$/, replacement: here('./packages/ui/src/shared.css') },
    { find: /^@buildbid\/test-kit\/(.*)$/, replacement: `${here('./packages/test-kit/src/')}$1.ts` },
  ],
};

/** Tests that need two live transactions or LISTEN/NOTIFY run only where a real PostgreSQL is given. */
const realPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
/** Several API instances sharing PostgreSQL and Redis: only where both real servers are given. */
const scaleOut = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
if (process.argv.some((a) => a.includes('integration'))) {
  if (!realPostgres) {
    console.info(
      'tests/integration/postgres-only is left out: it needs a real PostgreSQL (set TEST_DATABASE_URL; CI does).',
    );
  }
  if (!scaleOut) {
    console.info(
      'tests/integration/scale-out is left out: it needs a real PostgreSQL and Redis (set TEST_DATABASE_URL and TEST_REDIS_URL; CI does).',
    );
  }
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
        resolve,
        test: {
          name: 'unit',
          include: [
            'tests/unit/**/*.test.{ts,tsx}',
            'apps/*/src/**/*.test.{ts,tsx}',
            'packages/*/src/**/*.test.{ts,tsx}',
          ],
          // Component tests render in jsdom and click through dialogs: on a busy 2-core machine one can
          // take several seconds. A generous limit keeps them from failing on load, not on behaviour.
          testTimeout: 20_000,
          environment: 'node',
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [
            ...(realPostgres ? [] : ['tests/integration/postgres-only/**']),
            ...(scaleOut ? [] : ['tests/integration/scale-out/**']),
          ],
          globalSetup: ['tests/integration/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
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
