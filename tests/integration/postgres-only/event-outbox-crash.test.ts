import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../support/api-process.ts';
import { uniqueEmail } from '../support/app.ts';

/**
 * The transactional outbox (decision 0142) across a crash: a real API process is killed
 * (SIGKILL) after a message has committed but before its notification was written, and a new process
 * delivers the notification from the outbox. To stop the first process exactly there, the test holds a
 * lock on the notifications table, so the delivery's insert waits; it kills the process (and its database
 * connection) while it waits.
 * Needs a real PostgreSQL: PGlite runs one transaction at a time, so the lock would stall everything.
 */
const databaseUrl = inject('databaseUrl');
const processes: ApiProcess[] = [];
let db: pg.Client;

function start(): Promise<ApiProcess> {
  return startApiProcess({
    DATABASE_URL: databaseUrl,
    // Statements may wait on the test's lock longer than the default 1.2 s before the kill.
    DB_STATEMENT_TIMEOUT_MS: '30000',
    OUTBOX_POLL_MS: '200',
    OUTBOX_GRACE_MS: '300',
    // The killed process's claim runs out soon after the kill, so the next process may take the event.
    OUTBOX_LEASE_MS: '2000',
  }).then((started) => {
    processes.push(started);
    return started;
  });
}

async function register(base: string, firstName: string) {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: uniqueEmail(firstName),
      password: 'secret1!x',
      firstName,
      lastName: 'Crash',
    }),
  });
  expect(res.status).toBe(201);
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('buildbid_session=')) as string).split(
    ';',
  )[0] as string;
  return { id: (await res.json()).id as string, cookie };
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ version: string }>('select version() as version');
  if (rows[0]?.version.includes('PGlite'))
    throw new Error('tests/integration/postgres-only needs a real PostgreSQL (TEST_DATABASE_URL)');
}, 30_000);

afterAll(async () => {
  await db.query('rollback').catch(() => undefined);
  await db.end();
  await Promise.all(processes.map((p) => p.stop()));
});

describe('the event outbox across a crash', () => {
  it('a process killed between the commit and the delivery loses nothing: the next one delivers it', async () => {
    const first = await start();
    const ann = await register(first.url, 'Ann');
    const bob = await register(first.url, 'Bob');
    const content = `Sent just before the crash ${Date.now()}`;

    // Hold the notifications table: the delivery's insert waits here, after the message has committed.
    await db.query('begin');
    await db.query('lock table notifications in exclusive mode');
    const answer = fetch(`${first.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: ann.cookie },
      body: JSON.stringify({ receiverId: bob.id, projectId: null, content, type: 'text' }),
    }).catch((error: unknown) => error);
    const probe = new pg.Client({ connectionString: databaseUrl });
    await probe.connect();
    try {
      await until(
        async () => {
          const { rows } = await probe.query(
            `select 1 from pg_stat_activity
              where wait_event_type = 'Lock' and query ilike 'insert into notifications%'`,
          );
          return rows.length > 0 ? true : undefined;
        },
        10_000,
        'the delivery to wait on the lock',
      );
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      // The client never got its answer; the message itself had committed, with its event in the outbox.
      expect(await answer).toBeInstanceOf(Error);
      const committed = await probe.query('select id from messages where content = $1', [content]);
      expect(committed.rows).toHaveLength(1);
      const outbox = await probe.query(
        `select type from event_outbox where type = 'message_sent' and payload->>'recipientId' = $1`,
        [bob.id],
      );
      expect(outbox.rows).toHaveLength(1);
      // The dead process's connection goes too (PostgreSQL would otherwise finish its waiting insert
      // once the lock is released, as if the process had lived).
      await probe.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where wait_event_type = 'Lock' and query ilike 'insert into notifications%'`,
      );
    } finally {
      await db.query('rollback');
    }
    const beforeRestart = await probe.query(
      `select count(*)::int as n from notifications where user_id = $1 and type = 'message_received'`,
      [bob.id],
    );
    expect(beforeRestart.rows[0].n).toBe(0);

    // A new process (the restart) finds the event and delivers it: the notification appears, once.
    await start();
    const delivered = await until(
      async () => {
        const { rows } = await probe.query(
          `select title, message from notifications where user_id = $1 and type = 'message_received'`,
          [bob.id],
        );
        return rows.length > 0 ? rows : undefined;
      },
      15_000,
      'the notification to be delivered after the restart',
    );
    expect(delivered).toHaveLength(1);
    await until(
      async () => {
        const { rows } = await probe.query(
          `select 1 from event_outbox where type = 'message_sent' and payload->>'recipientId' = $1`,
          [bob.id],
        );
        return rows.length === 0 ? true : undefined;
      },
      5_000,
      'the delivered event to leave the outbox',
    );
    await probe.end();
  }, 120_000);
});
