/**
 * The statements alone (decision 0114's ceiling): record the exact statements the API sends to PostgreSQL for
 * each request, then replay them over plain `pg` with the same concurrency and pool size, with no HTTP and
 * none of our code in between. What the replay reaches is the most any HTTP layer could reach with those
 * statements on these cores: the database's own pace, plus the driver.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';
import { loop, type Measured } from './load.ts';

/** One statement as the API sent it: named (prepared) or not, with its values. */
export interface SentStatement {
  name?: string;
  text: string;
  values: unknown[];
}

// The ORM has its own copy of pg (under @mikro-orm/postgresql); the API's statements all go through it.
const ormPg = createRequire(import.meta.resolve('@mikro-orm/postgresql'))('pg') as typeof pg;
const original = ormPg.Client.prototype.query as (...args: unknown[]) => unknown;
let recording: SentStatement[] | null = null;
ormPg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (recording) {
    const [config, values] = args as [unknown, unknown];
    if (typeof config === 'string') {
      recording.push({ text: config, values: Array.isArray(values) ? values : [] });
    } else if (config && typeof config === 'object' && 'text' in config) {
      const c = config as { name?: string; text: string; values?: unknown[] };
      recording.push({
        ...(c.name ? { name: c.name } : {}),
        text: c.text,
        values: c.values ?? (Array.isArray(values) ? values : []),
      });
    }
  }
  return original.apply(this, args);
} as never;

/**
 * The statements each path sends, one request at a time (nothing else runs meanwhile). Statements of the
 * outbox relays that fall inside a request are left out by the tables they touch.
 */
export async function recordRequests(
  base: string,
  paths: readonly string[],
  headers: Record<string, string>,
): Promise<SentStatement[][]> {
  const requests: SentStatement[][] = [];
  for (const path of paths) {
    const sent: SentStatement[] = [];
    recording = sent;
    try {
      const res = await fetch(base + path, { headers });
      await res.text();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    } finally {
      recording = null;
    }
    requests.push(sent.filter((s) => !BACKGROUND.test(s.text)));
  }
  return requests;
}

/** Tables that only the API's background work (outbox relays) touches. */
const BACKGROUND = /\b(event_outbox|email_outbox)\b/;
const BEGINS = /^\s*(begin|start transaction)\b/i;

/**
 * Replays `requests` from `concurrency` callers for `seconds`: each request's statements in order, one
 * pool.query each as the API runs them outside transactions, or on one connection where they open one.
 */
export async function replay(
  name: string,
  pool: pg.Pool,
  requests: readonly SentStatement[][],
  options: { seconds: number; concurrency: number },
): Promise<Measured & { statementsPerRequest: number }> {
  let i = 0;
  const measured = await loop(
    name,
    async () => {
      const statements = requests[i++ % requests.length] as SentStatement[];
      const send = (on: pg.Pool | pg.PoolClient, s: SentStatement) =>
        on.query(
          s.name ? { name: s.name, text: s.text, values: s.values } : { text: s.text, values: s.values },
        );
      if (!statements.some((s) => BEGINS.test(s.text))) {
        for (const s of statements) await send(pool, s);
        return;
      }
      const client = await pool.connect();
      try {
        for (const s of statements) await send(client, s);
      } finally {
        client.release();
      }
    },
    options,
  );
  if (measured.errors > 0) throw new Error(`${name}: ${measured.errors} replayed requests failed`);
  const statementsPerRequest = requests.reduce((n, r) => n + r.length, 0) / Math.max(1, requests.length);
  return { ...measured, statementsPerRequest };
}
