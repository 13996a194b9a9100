import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '#api/config.ts';
import { projectData } from '../api/marketplace-support.ts';
import { buildTestApp, sessionCookie, type TestApp, uniqueEmail } from '../support/app.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';

/**
 * A database outage, for real: the API talks to PostgreSQL through a TCP proxy (port 3463) that the
 * test stops (every connection cut, new ones refused) and starts again. The machine's server keeps
 * running. With the product's default timeouts every request must answer 503 DATABASE_UNAVAILABLE
 * within 2 s, /readyz must say not ready, sockets stay open, the mail worker backs off, and everything
 * recovers by itself, with no half-written rows and no orphan upload files.
 */
const PROXY_PORT = 3463;
const direct = new URL(inject('databaseUrl'));
const proxy = new TcpProxy(PROXY_PORT, { host: direct.hostname, port: Number(direct.port || 5432) });
const viaProxy = new URL(direct);
viaProxy.hostname = '127.0.0.1';
viaProxy.port = String(PROXY_PORT);

const defaults = loadConfig({}, mkdtempSync(join(tmpdir(), 'buildbid-defaults-')));
const dataDir = mkdtempSync(join(tmpdir(), 'buildbid-outage-'));
let t: TestApp;

beforeAll(async () => {
  await proxy.start();
  t = await buildTestApp({
    DATABASE_URL: viaProxy.toString(),
    DATA_DIR: dataDir,
    // The product's defaults, not the test harness's generous ones.
    DB_STATEMENT_TIMEOUT_MS: String(defaults.dbStatementTimeoutMs),
    DB_ACQUIRE_TIMEOUT_MS: String(defaults.dbAcquireTimeoutMs),
    PROJECT_LIST_CACHE_MS: '0',
    SESSION_CACHE_MS: '0',
    USER_CACHE_MS: '0',
    MAIL_POLL_MS: '100',
    REALTIME: 'memory',
  });
});
afterAll(async () => {
  await proxy.start().catch(() => undefined);
  await t?.close();
  await proxy.stop();
});

const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

async function postProject(cookie: string) {
  const form = new FormData();
  form.append('projectData', JSON.stringify(projectData({ title: 'Outage roof' })));
  form.append('files', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'plan.pdf');
  const request = new Request('http://x/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { cookie, 'content-type': request.headers.get('content-type') as string },
    payload,
  });
}

const uploads = () => {
  try {
    return readdirSync(join(dataDir, 'uploads')).sort();
  } catch {
    return [];
  }
};

describe('the database goes away and comes back', () => {
  it('answers 503 within 2 s while it is gone, keeps sockets, backs off mail, and recovers by itself', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail('outage'), password: 'correct horse 1' },
    });
    expect(res.statusCode).toBe(201);
    const cookie = sessionCookie(res);
    const before = await postProject(cookie);
    expect(before.statusCode, before.body).toBe(201);
    const projectId = before.json().id as string;
    const filesBefore = uploads();
    const socket = await t.app.injectWS('/ws', { headers: { cookie } });
    let socketClosed = false;
    socket.on('close', () => {
      socketClosed = true;
    });
    const countProjects = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/projects?limit=50', headers: { cookie } })).json()
        .total as number;
    const totalBefore = await countProjects();

    await proxy.stop();

    const figures: Record<string, number> = {};
    for (const [name, url, headers] of [
      ['browse', '/api/projects', { cookie }],
      ['detail', `/api/projects/${projectId}`, { cookie }],
      ['signed-in user', '/api/auth/user', { cookie }],
    ] as const) {
      const { value, ms } = await timed(() => t.app.inject({ method: 'GET', url, headers }));
      expect(value.statusCode, `${name}: ${value.body}`).toBe(503);
      expect(value.json().code).toBe('DATABASE_UNAVAILABLE');
      expect(ms, name).toBeLessThan(2000);
      figures[name] = Math.round(ms);
    }
    const ready = await timed(() => t.app.inject({ method: 'GET', url: '/readyz' }));
    expect(ready.value.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(2000);

    // A write with a file: refused, and the file it may have stored is gone again.
    const during = await timed(() => postProject(cookie));
    expect(during.value.statusCode).toBe(503);
    expect(during.ms).toBeLessThan(2000);
    expect(uploads()).toEqual(filesBefore);

    // The mail worker keeps failing rounds and waits longer each time.
    const mail = t.composition.workers.mail;
    await mail.runOnce();
    await mail.runOnce();
    expect(mail.failures).toBeGreaterThanOrEqual(2);
    expect(mail.currentDelayMs).toBeGreaterThanOrEqual(400);

    expect(socketClosed).toBe(false);

    await proxy.start();
    const back = performance.now();
    let recoveredMs = Number.NaN;
    while (performance.now() - back < 15_000) {
      const res = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } });
      if (res.statusCode === 200) {
        recoveredMs = performance.now() - back;
        break;
      }
      expect(res.statusCode).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(recoveredMs).toBeLessThan(5000);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode,
    ).toBe(200);
    // Nothing half-written: the refused post left no project and no file.
    expect(await countProjects()).toBe(totalBefore);
    expect(uploads()).toEqual(filesBefore);
    await mail.runOnce();
    expect(mail.failures).toBe(0);
    expect(socketClosed).toBe(false);
    socket.terminate();

    console.info(
      `outage figures: time to 503 ${JSON.stringify(figures)} ms, /readyz ${Math.round(ready.ms)} ms, ` +
        `post ${Math.round(during.ms)} ms; recovered ${Math.round(recoveredMs)} ms after the database returned`,
    );
  });

  it('a network cut (nothing answers, nothing closes) also answers 503 within 2 s, and writes do not land later', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail('cut'), password: 'correct horse 1' },
    });
    const cookie = sessionCookie(res);
    const countProjects = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/projects?limit=50', headers: { cookie } })).json()
        .total as number;
    const totalBefore = await countProjects();

    proxy.freeze();
    const figures: Record<string, number> = {};
    for (const [name, work] of [
      ['browse', () => t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } })],
      ['post', () => postProject(cookie)],
      ['readyz', () => t.app.inject({ method: 'GET', url: '/readyz' })],
    ] as const) {
      const { value, ms } = await timed(work);
      expect(value.statusCode, `${name}: ${value.body}`).toBe(503);
      expect(ms, name).toBeLessThan(2000);
      figures[name] = Math.round(ms);
    }
    proxy.unfreeze();
    // The connections that saw the cut may be dead: the pool replaces them, and nothing posted during
    // the cut shows up afterwards (no write lands after its client was told 503).
    await proxy.stop();
    await proxy.start();
    const back = performance.now();
    let recoveredMs = Number.NaN;
    while (performance.now() - back < 15_000) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } });
      if (answer.statusCode === 200) {
        recoveredMs = performance.now() - back;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(recoveredMs).toBeLessThan(5000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await countProjects()).toBe(totalBefore);
    console.info(
      `network-cut figures: time to 503 ${JSON.stringify(figures)} ms; recovered ${Math.round(recoveredMs)} ms after`,
    );
  });
});
