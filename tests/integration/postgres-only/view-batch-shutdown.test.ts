import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { multipart, projectData } from '../api/marketplace-support.ts';
import { type ApiProcess, startApiProcess } from '../support/api-process.ts';
import { uniqueEmail } from '../support/app.ts';

/**
 * Page views are written in batches (decision 0218); a clean shutdown loses none. A real API process
 * with a batch interval of ten minutes counts a view, answers it at once, and writes it only when it is
 * told to stop (SIGTERM, as a deploy does).
 */
const databaseUrl = inject('databaseUrl');
let db: pg.Client;
let api: ApiProcess | undefined;

beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
}, 30_000);

afterAll(async () => {
  await api?.stop();
  await db.end();
});

async function register(base: string, role: string) {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: uniqueEmail(role),
      password: 'secret12',
      firstName: 'View',
      lastName: 'Tester',
      role,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (res.headers.getSetCookie().find((c) => c.startsWith('buildbid_session=')) as string).split(
    ';',
  )[0] as string;
}

describe('batched page views across a shutdown', () => {
  it('SIGTERM writes the views still waiting in the batch', async () => {
    api = await startApiProcess({ DATABASE_URL: databaseUrl, VIEW_BATCH_MS: '600000' });
    const owner = await register(api.url, 'client');
    const viewers = [await register(api.url, 'contractor'), await register(api.url, 'vendor')];
    const body = await multipart(projectData());
    const posted = await fetch(`${api.url}/api/projects`, {
      method: 'POST',
      headers: { ...body.headers, cookie: owner },
      body: new Uint8Array(body.payload),
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const { id } = (await posted.json()) as { id: string };

    for (const cookie of viewers) {
      const page = await fetch(`${api.url}/api/projects/${id}`, { headers: { cookie } });
      expect(page.status).toBe(200);
      // Each viewer's page counts their own view at once; the other's is not written yet, so both see 1.
      expect(((await page.json()) as { viewCount: number }).viewCount).toBe(1);
    }
    const before = await db.query<{ n: string }>(
      'select count(*) as n from project_views where project_id = $1',
      [id],
    );
    expect(Number(before.rows[0]?.n)).toBe(0);

    await api.stop();
    api = undefined;
    const after = await db.query<{ n: string; view_count: number }>(
      `select (select count(*) from project_views where project_id = $1) as n, view_count from projects where id = $1`,
      [id],
    );
    expect({ rows: Number(after.rows[0]?.n), count: after.rows[0]?.view_count }).toEqual({
      rows: 2,
      count: 2,
    });
  }, 120_000);
});
