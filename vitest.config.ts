import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LeftOutSuitesReporter, leftOutSuites } from './tests/integration/support/left-out-suites.ts';

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

/** Folders that need real servers this environment lacks: excluded, and named after the summary. */
const leftOut = leftOutSuites().map(({ folder }) => `${folder}/**`);

/**
 * Three suites, one runner:
 * - unit: domain, application and frontend components (files opt into jsdom with a docblock);
 * - integration: the API and the repositories against PostgreSQL (TEST_DATABASE_URL / DATABASE_URL,
 *   or an embedded PGlite started by the global setup), one file at a time because they share a database;
 *   tests/integration/postgres-only (concurrent transactions, LISTEN/NOTIFY) only with a real server,
 *   tests/integration/scale-out only with real PostgreSQL and Redis: without them, the reporter below
 *   names both folders, their files and the reason after the summary;
 * - contracts: Pact consumer tests, then provider verification against the real API.
 */
export default defineConfig({
  test: {
    reporters: ['default', new LeftOutSuitesReporter()],
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
          exclude: leftOut,
          globalSetup: ['tests/integration/global-setup.ts'],
          fileParallelism: false,
          // One worker runs the files one after another and keeps the modules it imported: each file still
          // builds its own app, but the API's module graph is loaded once instead of once per file.
          isolate: false,
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
