import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type pg from 'pg';

/**
 * Runs raw SQL on the em's connection, inside the em's transaction when it has one (a
 * `transactional` fork), else on any pooled connection. Placeholders are `?`.
 */
export function runSql<T extends object = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  return em.getConnection().execute<T[]>(sql, [...params], 'all', em.getTransactionContext());
}

/** count(*) and friends arrive as bigint text: read them as numbers. */
export function toCount(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** `?` placeholders (MikroORM's) as `$1`, `$2`, ... for plain `pg` (the SQL must hold no `?` inside literals). */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * runSql for a hot read with a fixed text (the browse list, project detail, the session with its user, ...)
 * outside a transaction, as a named prepared statement on the ORM's own pg pool (decision 0113).
 * - Each pooled connection parses and analyses a statement text once. The browse statement's text is several
 *   kilobytes, and parsing and planning it each time cost more than running it on a small table.
 * - After five calls PostgreSQL may keep one plan for the text (its default `plan_cache_mode`), when that plan
 *   costs no more than the plans it made for each call's values.
 * - Every value from the request is a parameter, and the budget bands' thresholds are literals, so a kept plan
 *   can still use the bands' partial indexes.
 * Inside a transaction, on a connection without a pg pool, or on PGlite, it is runSql.
 */
export async function runPrepared<T extends object = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  const connection = em.getConnection() as { getNativeClient?: () => Promise<pg.Pool> };
  if (em.getTransactionContext() !== undefined || typeof connection.getNativeClient !== 'function') {
    return runSql<T>(em, sql, params);
  }
  const pool = await connection.getNativeClient();
  if (!(await takesNamedStatements(pool))) return runSql<T>(em, sql, params);
  const text = numbered(sql);
  const name = `bb_${createHash('sha1').update(text).digest('base64url')}`;
  const result = await pool.query<T>({ name, text, values: [...params] });
  return result.rows;
}

const namedStatements = new WeakMap<pg.Pool, Promise<boolean>>();

/**
 * Whether the pool's server keeps a session per connection. The embedded PGlite behind its socket serves
 * every connection from one session, so a statement one connection prepared already exists for the next
 * ("prepared statement … already exists"): there, statements stay unnamed. Asked once per pool.
 */
function takesNamedStatements(pool: pg.Pool): Promise<boolean> {
  let known = namedStatements.get(pool);
  if (known === undefined) {
    known = pool.query<{ version: string }>('select version() as version').then(
      ({ rows }) => !String(rows[0]?.version).includes('PGlite'),
      () => {
        namedStatements.delete(pool); // ask again next time; this call stays unnamed
        return false;
      },
    );
    namedStatements.set(pool, known);
  }
  return known;
}
