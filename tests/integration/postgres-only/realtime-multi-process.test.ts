import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { type ApiProcess, startApiProcess } from '../support/api-process.ts';
import { uniqueEmail } from '../support/app.ts';
import { SocketInbox } from '../support/sockets.ts';

/**
 * Two real API processes (`node apps/api/src/main.ts`) on one PostgreSQL: a message posted through
 * the first reaches a socket held by the second (PostgreSQL LISTEN/NOTIFY). PGlite's socket server
 * cannot carry NOTIFY between connections, so on the embedded database this file is skipped
 * (docs/realtime.md).
 */
const databaseUrl = inject('databaseUrl');
let onPglite = true;
const processes: ApiProcess[] = [];
let a: string;
let b: string;

async function start(): Promise<string> {
  const started = await startApiProcess({ DATABASE_URL: databaseUrl, AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
  processes.push(started);
  return started.url;
}

async function register(base: string, firstName: string) {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: uniqueEmail(firstName),
      password: 'secret12',
      firstName,
      lastName: 'Tester',
    }),
  });
  expect(res.status).toBe(201);
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('buildbid_session=')) as string).split(
    ';',
  )[0];
  return { id: (await res.json()).id as string, cookie: cookie as string };
}

async function open(base: string, cookie: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie } });
  const inbox = new SocketInbox(socket);
  await inbox.next('connected', 5000);
  return { socket, inbox };
}

beforeAll(async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ version: string }>('select version() as version');
  await client.end();
  onPglite = rows[0]?.version.includes('PGlite') ?? true;
  if (onPglite)
    throw new Error('tests/integration/postgres-only needs a real PostgreSQL (TEST_DATABASE_URL)');
  [a, b] = await Promise.all([start(), start()]);
}, 180_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
});

describe('two API processes on one PostgreSQL', () => {
  it('delivers a message posted through one to a socket on the other within a second', async () => {
    const ann = await register(a, 'Ann');
    const bob = await register(b, 'Bob');
    const onB = await open(b, bob.cookie);
    const alsoOnA = await open(a, bob.cookie);

    const started = performance.now();
    const res = await fetch(`${a}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: ann.cookie },
      body: JSON.stringify({
        receiverId: bob.id,
        projectId: null,
        content: 'Hello across processes',
        type: 'text',
      }),
    });
    expect(res.status).toBe(201);
    const pushed = await onB.inbox.next('new_message', 1000);
    const elapsed = performance.now() - started;
    expect(pushed.data).toMatchObject({
      senderId: ann.id,
      receiverId: bob.id,
      preview: 'Hello across processes',
    });
    expect(elapsed).toBeLessThan(1000);
    // Every socket of the receiver, on either process, and the notification too; exactly once each.
    await alsoOnA.inbox.next('new_message', 1000);
    expect((await onB.inbox.next('notification', 1000)).data).toMatchObject({ type: 'message_received' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onB.inbox.of('new_message')).toHaveLength(1);
    expect(alsoOnA.inbox.of('new_message')).toHaveLength(1);

    // Signing out through one process closes the session's sockets on the other.
    const closed = new Promise<number>((resolve) => onB.socket.once('close', (code) => resolve(code)));
    await fetch(`${a}/api/auth/signout`, { method: 'POST', headers: { cookie: bob.cookie } });
    expect(await closed).toBe(4401);
    alsoOnA.socket.terminate();
  });
});
