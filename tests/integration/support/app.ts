import { inject } from 'vitest';
import { type App, buildApp } from '../../../apps/api/src/app.ts';
import { type Config, loadConfig } from '../../../apps/api/src/config.ts';
import { type Composition, compose } from '../../../apps/api/src/container.ts';

export const TEST_SESSION_SECRET = 'ab'.repeat(32);

export interface TestApp {
  app: App;
  composition: Composition;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real API on the test database (real PostgreSQL in CI, embedded PGlite otherwise), built for
 * `app.inject`. Migrations ran once in the global setup; scrypt runs at a low cost to keep tests quick.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    SESSION_SECRET: TEST_SESSION_SECRET,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    APPS_DIR: '/nonexistent',
    ...env,
  });
  const composition = await compose(config, { passwordHashCost: 2 ** 10, migrate: false });
  const app = await buildApp(config, composition);
  await app.ready();
  return {
    app,
    composition,
    config,
    close: async () => {
      await app.close();
      await composition.close();
    },
  };
}

/** The session cookie from a response, exactly as the browser would send it back (still URL-encoded). */
export function sessionCookie(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : [header];
  const cookie = all.find((c): c is string => typeof c === 'string' && c.startsWith('buildbid_session='));
  if (!cookie) throw new Error('no session cookie in the response');
  return cookie.split(';')[0] as string;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}
