import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../adapters/persistence/embedded-postgres.ts';
import { closeOrm, createOrm, migrate } from '../../adapters/persistence/orm.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every integration test connects to. */
    databaseUrl: string;
  }
}

/**
 * Once per run: picks the database (TEST_DATABASE_URL, else DATABASE_URL, else an in-memory PGlite
 * on a free port), applies the migrations, and hands the URL to the tests (`inject('databaseUrl')`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const configured = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const embedded = configured ? undefined : await startEmbeddedPostgres({ maxConnections: 64 });
  const url = configured ?? (embedded as { url: string }).url;

  try {
    const orm = await createOrm({ clientUrl: url, poolSize: 2 });
    try {
      await migrate(orm);
    } finally {
      await closeOrm(orm);
    }
  } catch (error) {
    await embedded?.stop();
    throw error;
  }

  project.provide('databaseUrl', url);

  return async () => {
    await embedded?.stop();
  };
}
