import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { multipart, projectData, SAMPLE } from '../api/marketplace-support.ts';
import { type ApiProcess, startApiProcess } from '../support/api-process.ts';
import { uniqueEmail } from '../support/app.ts';
import { startLocalS3 } from '../support/local-s3.ts';
import { RoundRobinProxy } from '../support/round-robin-proxy.ts';
import { freePort, TinySmtpServer } from '../support/tiny-smtp.ts';

/**
 * Two API processes behind a round-robin proxy, on the machine's real PostgreSQL and Redis, with their
 * uploads in an S3-compatible store (s3rver): what a load-balanced deployment relies on (docs/deploy.md).
 * The read caches are given a minute to live, so anything seen "at once" on the other instance was
 * invalidated across instances, not expired. Runs only where TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
const databaseUrl = inject('databaseUrl');
const redisUrl = process.env.TEST_REDIS_URL as string;
/** Sign-in and registration attempts per address per minute, counted across both instances. */
const AUTH_LIMIT = 20;
/** ACCOUNT_SIGNIN_FREE_ATTEMPTS, the default. */
const FREE_ATTEMPTS = 5;
const NAMESPACE = 'buildbid-rate-limit:';

let s3: Awaited<ReturnType<typeof startLocalS3>>;
let smtp: TinySmtpServer;
let a: ApiProcess;
let b: ApiProcess;
let proxy: RoundRobinProxy;
let lb: string;

async function clearRateLimits(): Promise<void> {
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${NAMESPACE}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

beforeAll(async () => {
  await clearRateLimits();
  s3 = await startLocalS3(['scale-out']);
  smtp = new TinySmtpServer();
  const smtpPort = await freePort();
  await smtp.listen(smtpPort);
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    ...s3.env('scale-out'),
    AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
    PROJECT_LIST_CACHE_MS: '60000',
    SESSION_CACHE_MS: '60000',
    USER_CACHE_MS: '60000',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_POLL_MS: '50',
  };
  const started = await Promise.allSettled([startApiProcess(env), startApiProcess(env)]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // Stop the one that did come up, so no process outlives the test.
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    throw (failed as PromiseRejectedResult).reason;
  }
  [a, b] = started.map((s) => (s as PromiseFulfilledResult<ApiProcess>).value) as [ApiProcess, ApiProcess];
  proxy = new RoundRobinProxy([a.url, b.url]);
  lb = await proxy.listen();
}, 180_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.close();
  await s3?.stop();
  await clearRateLimits();
});

async function register(base: string, role: string, firstName = 'Scale') {
  const email = uniqueEmail(role);
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret12', firstName, lastName: 'Tester', role }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('buildbid_session=')) as string).split(
    ';',
  )[0];
  const id = (await res.json()).id as string;
  // Taken as verified (as if its link had been followed), so notification mail reaches it (decision 0160):
  // this file is about instances sharing work, not about verification (api/account-lifecycle is).
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('update users set email_verified_at = now() where id = $1', [id]);
  await db.end();
  return { id, email, cookie: cookie as string };
}

function call(base: string, path: string, cookie: string, init: RequestInit = {}) {
  return fetch(`${base}${path}`, { ...init, headers: { cookie, ...(init.headers ?? {}) } });
}

async function postProject(base: string, cookie: string, overrides: Record<string, unknown> = {}) {
  const body = await multipart(projectData(overrides), [SAMPLE.png('site photo.png')]);
  const res = await fetch(`${base}/api/projects`, {
    method: 'POST',
    headers: { ...body.headers, cookie },
    body: new Uint8Array(body.payload),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** Polls until `check` holds; answers how long that took (ms), or fails after `withinMs`. */
async function until(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`not true within ${withinMs} ms`);
}

describe('two API instances behind a load balancer', () => {
  // Registrations count against the same limit as sign-ins: every test starts with fresh counters.
  beforeEach(clearRateLimits);

  it('serves a file uploaded through one instance from the other, and deletes it through either (object storage)', async () => {
    const owner = await register(a.url, 'client');
    const { id } = await postProject(a.url, owner.cookie);
    const detail = await (await call(b.url, `/api/projects/${id}`, owner.cookie)).json();
    const [file] = detail.attachments as { url: string; originalName: string }[];
    expect(file?.originalName).toBe('site photo.png');
    // Signed in (decision 0201): the session made on A reads the file on B, streamed from the shared bucket.
    const download = await call(b.url, file?.url as string, owner.cookie);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(SAMPLE.png().data))).toBe(true);

    // Deleting the project through the other instance removes the object from the store.
    const removed = await call(b.url, `/api/projects/${id}`, owner.cookie, { method: 'DELETE' });
    expect(removed.status, await removed.clone().text()).toBeLessThan(300);
    expect((await call(a.url, file?.url as string, owner.cookie)).status).toBe(404);
    // A visitor is refused before the bucket is asked.
    expect((await fetch(`${b.url}${file?.url}`)).status).toBe(401);
  });

  it('counts sign-in attempts across both instances (shared Redis store)', async () => {
    const before = [...proxy.served];
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 2; i++) {
      const res = await fetch(`${lb}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A different address each time: this counts the per-client limit, not the per-account throttle.
        body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'wrong-password' }),
      });
      statuses.push(res.status);
    }
    console.info(`scale-out: sign-in statuses through the balancer: ${statuses.join(' ')}`);
    // Both instances answered some of the attempts...
    expect(proxy.served.every((n, i) => n - (before[i] ?? 0) >= AUTH_LIMIT / 2)).toBe(true);
    // ...and together they allowed exactly the limit, not twice it.
    expect(statuses.slice(0, AUTH_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(AUTH_LIMIT)).toEqual([429, 429]);
  });

  it('throttles one account after its free attempts, whichever instance is asked (shared Redis store)', async () => {
    const email = `guessed-${Date.now()}@example.com`;
    const attempt = async (url: string) =>
      (
        await fetch(`${url}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'wrong-password' }),
        })
      ).json() as Promise<{ code?: string }>;
    // Five free failures spread over both instances; the fifth makes the account wait...
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < FREE_ATTEMPTS; i++) codes.push((await attempt(i % 2 === 0 ? a.url : b.url)).code);
    expect(codes).toEqual(Array(FREE_ATTEMPTS).fill('INVALID_CREDENTIALS'));
    // ...on both instances, not only on the one that counted the last failure.
    expect((await attempt(a.url)).code).toBe('SIGNIN_THROTTLED');
    expect((await attempt(b.url)).code).toBe('SIGNIN_THROTTLED');
  });

  it('shows an edit made through one instance on the other at once (list cache invalidated)', async () => {
    const owner = await register(a.url, 'client');
    const word = `Cistern${Date.now().toString(36)}`;
    const { id } = await postProject(a.url, owner.cookie, { title: `Old ${word} repair` });
    const titles = async () =>
      (
        (await (await call(b.url, `/api/projects?q=${word}`, owner.cookie)).json()) as { title: string }[]
      ).map((p) => p.title);
    expect(await titles()).toEqual([`Old ${word} repair`]); // now cached on B for a minute

    const body = await multipart({ ...projectData(), title: `New ${word} repair` });
    const edit = await fetch(`${a.url}/api/projects/${id}`, {
      method: 'PATCH',
      headers: { ...body.headers, cookie: owner.cookie },
      body: new Uint8Array(body.payload),
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const ms = await until(async () => (await titles()).includes(`New ${word} repair`), 1000);
    console.info(`scale-out: an edit on A was seen on B after ${ms.toFixed(0)} ms`);
  });

  it('refuses a session on the other instance right after sign-out through one', async () => {
    const user = await register(a.url, 'contractor');
    expect((await call(b.url, '/api/auth/user', user.cookie)).status).toBe(200); // cached on B
    const out = await call(a.url, '/api/auth/signout', user.cookie, { method: 'POST' });
    expect(out.status).toBe(204);
    const ms = await until(
      async () => (await call(b.url, '/api/auth/user', user.cookie)).status === 401,
      1000,
    );
    console.info(`scale-out: a sign-out on A was refused on B after ${ms.toFixed(0)} ms`);
  });

  it('refuses a token on the other instance from the request after a password change through one, and shares its budget', async () => {
    const user = await register(a.url, 'contractor');
    const created = await call(a.url, '/api/access-tokens', user.cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Two instances', scopes: ['profile:read'] }),
    });
    const { token } = (await created.json()) as { token: string };
    const asToken = (base: string) =>
      fetch(`${base}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
    const onA = await asToken(a.url);
    const onB = await asToken(b.url);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    // One budget for the token, counted in Redis by both instances (decision 0211).
    expect(Number(onB.headers.get('ratelimit-remaining'))).toBe(
      Number(onA.headers.get('ratelimit-remaining')) - 1,
    );
    const changed = await call(a.url, '/api/users/me/password', user.cookie, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: 'secret12', newPassword: 'a new long passphrase' }),
    });
    expect(changed.status).toBe(204);
    // Read from the database on every request: no cache to wait for.
    const refused = await asToken(b.url);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('INVALID_TOKEN');
  });

  it('shows a role change made through one instance on the other at once (user cache invalidated)', async () => {
    const user = await register(a.url, 'contractor');
    expect((await (await call(b.url, '/api/auth/user', user.cookie)).json()).role).toBe('contractor');
    const change = await call(a.url, '/api/users/me/role', user.cookie, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'vendor' }),
    });
    expect(change.status, await change.clone().text()).toBe(200);
    await until(
      async () => (await (await call(b.url, '/api/auth/user', user.cookie)).json()).role === 'vendor',
      1000,
    );
  });

  it('sends each queued mail exactly once while both mail workers run', async () => {
    const owner = await register(a.url, 'client', 'Owner');
    const { id } = await postProject(a.url, owner.cookie, { title: 'Seawall repair for both workers' });
    const bidders = [];
    for (let i = 0; i < 8; i++)
      bidders.push(await register(i % 2 ? a.url : b.url, 'contractor', `Bidder${i}`));
    const bidIds: string[] = [];
    for (const [i, bidder] of bidders.entries()) {
      const res = await call(i % 2 ? b.url : a.url, `/api/projects/${id}/bids`, bidder.cookie, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 20000 + i, timeline: 30, proposal: 'Marine-grade concrete.' }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      bidIds.push((await res.json()).id);
    }
    const accept = await call(b.url, `/api/bids/${bidIds[0]}/status`, owner.cookie, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'accepted' }),
    });
    expect(accept.status, await accept.clone().text()).toBe(200);

    const recipients = new Set(bidders.map((x) => `<${x.email}>`));
    const ours = () =>
      smtp.mails.filter((m) => recipients.has(m.to[0] as string) && !m.data.includes('Verify your email'));
    await until(async () => ours().length >= bidders.length, 15_000);
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive within a few polls
    const counts = new Map<string, number>();
    for (const mail of ours()) counts.set(mail.to[0] as string, (counts.get(mail.to[0] as string) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...recipients].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });
});
