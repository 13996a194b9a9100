import { appendFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type App, buildApp } from '#api/app.ts';
import { type Config, loadConfig } from '#api/config.ts';
import { type Composition, compose } from '#api/container.ts';
import type { Clock } from '#application/shared/ports.ts';
import { ResponseValidator } from './openapi-responses.ts';

export const TEST_SESSION_SECRET = 'ab'.repeat(32);

export interface TestApp {
  app: App;
  composition: Composition;
  config: Config;
  /**
   * `app.inject` without the OpenAPI check, for a test that provokes an answer the API must never give
   * a caller (say, a 500 from a broken adapter). Everything else goes through `app.inject`.
   */
  uncheckedInject: App['inject'];
  close(): Promise<void>;
}

/**
 * The real API on the test database (real PostgreSQL in CI, embedded PGlite otherwise), built for
 * `app.inject`. Migrations ran once in the global setup; scrypt runs at a low cost to keep tests quick.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    SESSION_SECRET: TEST_SESSION_SECRET,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    APPS_DIR: '/nonexistent',
    // Tests share two busy cores and truncate tables between files: generous database timeouts here.
    // The outage test (tests/integration/postgres-only/database-outage.test.ts) runs the defaults.
    DB_STATEMENT_TIMEOUT_MS: '30000',
    DB_ACQUIRE_TIMEOUT_MS: '10000',
    ...env,
  });
  const composition = await compose(config, {
    passwordHashCost: 2 ** 10,
    migrate: false,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const app = await buildApp(config, composition);
  await app.ready();
  const uncheckedInject = checkAnswersAgainstDocument(app);
  return {
    app,
    composition,
    config,
    uncheckedInject,
    close: async () => {
      await app.close();
      await composition.close();
    },
  };
}

/**
 * Every answer `app.inject` gives is checked against the OpenAPI document this app serves: its status
 * must be documented for the operation, and a JSON body must match that response's schema. A
 * violation rejects the inject call, so the test fails where the request was made
 * (docs/api.md › "Answers are checked against the document"). Returns the unchecked inject.
 */
export function checkAnswersAgainstDocument(app: App): App['inject'] {
  const validator = new ResponseValidator(app.swagger() as Record<string, unknown>);
  const original = app.inject.bind(app) as (options: unknown) => Promise<InjectResponse>;
  const checked = async (options: unknown) => {
    const response = await original(options);
    const { method, url } = requestLine(options);
    const problems = validator.check(method, url, {
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.payload,
    });
    // OPENAPI_ANSWERS_LOG=<file>: one line per checked answer, to count what the suite covers.
    const log = process.env.OPENAPI_ANSWERS_LOG;
    const found = log ? validator.operation(method, url) : undefined;
    if (log && found) appendFileSync(log, `${String(found.op.operationId)} ${response.statusCode}\n`);
    if (problems.length > 0) {
      throw new Error(
        `The answer breaks the OpenAPI document:\n- ${problems.join('\n- ')}\nBody: ${response.payload.slice(0, 500)}`,
      );
    }
    return response;
  };
  const unchecked = app.inject.bind(app);
  // Only the promise form (app.inject(options)) is checked; the chained form is not used in the tests.
  (app as { inject: unknown }).inject = (options?: unknown, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? (unchecked as (...args: unknown[]) => unknown)(options, callback)
      : checked(options);
  return unchecked;
}

interface InjectResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  payload: string;
}

function requestLine(options: unknown): { method: string; url: string } {
  if (typeof options === 'string') return { method: 'GET', url: options };
  const o = (options ?? {}) as {
    method?: string;
    url?: string | { pathname?: string };
    path?: string;
    query?: unknown;
  };
  const url = typeof o.url === 'string' ? o.url : (o.url?.pathname ?? o.path ?? '/');
  return { method: (o.method ?? 'GET').toUpperCase(), url };
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
