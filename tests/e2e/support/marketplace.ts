/** Setting up e2e scenes through the API (the browser then plays the part under test). */
import { execFileSync } from 'node:child_process';
import { sampleProjectData } from '@buildbid/test-kit/samples';
import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';

export const PASSWORD = 'hammer-and-nails';

export interface Person {
  email: string;
  firstName: string;
}

/** Registers (which signs this request context in) and answers who it is. */
export async function register(
  request: APIRequestContext,
  role: 'client' | 'contractor',
  firstName: string,
): Promise<Person> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName, lastName: 'Tester', role },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return { email, firstName };
}

/** Posts a project as the signed-in client; answers its id. */
export async function postProject(
  request: APIRequestContext,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const projectData = sampleProjectData({ title, ...extra });
  const res = await request.post('/api/projects', {
    multipart: { projectData: JSON.stringify(projectData) },
  });
  if (res.status() !== 201) throw new Error(`post project failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Makes an account an admin the way an operator does: `admin:promote` on the server's database (the
 * machine's PostgreSQL, or the server's embedded one on the port playwright.config.ts gives it).
 */
export function promoteToAdmin(email: string): void {
  execFileSync(process.execPath, ['apps/api/src/cli/admin-promote.ts', email], {
    env: {
      ...process.env,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      REALTIME: 'memory',
      LOG_LEVEL: 'silent',
    },
    stdio: 'pipe',
  });
}

/**
 * Moves a project's bid deadline to `at` in the server's database, as if that much time had passed: the
 * server reads the real clock, so a test that needs the deadline behind it moves the deadline, not the
 * clock, instead of sleeping until it passes.
 */
export async function moveBidDeadline(projectId: string, at: Date): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query('update projects set bid_deadline = $1 where id = $2', [at, projectId]);
  } finally {
    await client.end();
  }
}
