import type { EntityManager } from '@mikro-orm/core';
import type { IdempotencyClaim, IdempotencyStore } from '../../application/shared/ports.ts';
import { runSql } from './sql.ts';

const KEEP_MS = 24 * 60 * 60 * 1000;
const PENDING_GIVEN_UP_MS = 10 * 60 * 1000;

/** IdempotencyStore on the idempotency_keys table. Give it the global `orm.em`. */
export class SqlIdempotencyStore implements IdempotencyStore {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async claim(userId: string, key: string, fingerprint: string, now: Date): Promise<IdempotencyClaim | null> {
    // A day-old record, or a claim whose request never finished, no longer holds the key.
    await runSql(
      this.#em,
      `delete from idempotency_keys where user_id = ? and key = ?
        and (created_at < ? or (status = 'pending' and created_at < ?))`,
      [userId, key, new Date(now.getTime() - KEEP_MS), new Date(now.getTime() - PENDING_GIVEN_UP_MS)],
    );
    const claimed = await runSql<{ key: string }>(
      this.#em,
      `insert into idempotency_keys (user_id, key, fingerprint, status, created_at)
        values (?, ?, ?, 'pending', ?) on conflict (user_id, key) do nothing returning key`,
      [userId, key, fingerprint, now],
    );
    if (claimed.length > 0) return null;
    const [earlier] = await runSql<{
      fingerprint: string;
      status: string;
      responseStatus: number | null;
      responseBody: string | null;
    }>(
      this.#em,
      `select fingerprint, status, response_status as "responseStatus", response_body as "responseBody"
        from idempotency_keys where user_id = ? and key = ?`,
      [userId, key],
    );
    // Released between the insert and the read: the caller may go on as if it had claimed it.
    if (!earlier) return this.claim(userId, key, fingerprint, now);
    return {
      fingerprint: earlier.fingerprint,
      status: earlier.status === 'done' ? 'done' : 'pending',
      responseStatus: earlier.responseStatus,
      responseBody: earlier.responseBody,
    };
  }

  async complete(userId: string, key: string, status: number, body: string): Promise<void> {
    await runSql(
      this.#em,
      `update idempotency_keys set status = 'done', response_status = ?, response_body = ?
        where user_id = ? and key = ?`,
      [status, body, userId, key],
    );
  }

  async release(userId: string, key: string): Promise<void> {
    await runSql(
      this.#em,
      `delete from idempotency_keys where user_id = ? and key = ? and status = 'pending'`,
      [userId, key],
    );
  }
}
