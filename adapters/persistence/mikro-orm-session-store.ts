import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type {
  SessionRecord as Session,
  SessionStore,
  UserSessions,
} from '../../application/accounts/ports.ts';
import { SessionRecord } from './entities.ts';
import { runSql } from './sql.ts';

/** 32 random bytes: 256 bits, 43 characters of base64url. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

function toSession(record: SessionRecord): Session {
  return { sid: record.sid, userId: record.sess.userId, expiresAt: new Date(record.expire) };
}

/**
 * SessionStore on the spec's `session` table (sid, sess jsonb {userId}, expire). Give it the global
 * `orm.em` (per-request fork through RequestContext). Each write method flushes before it returns.
 */
export class MikroOrmSessionStore implements SessionStore, UserSessions {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async create(userId: string, expiresAt: Date): Promise<Session> {
    const em = this.#em;
    const record = em.create(SessionRecord, {
      sid: newSessionId(),
      sess: { userId },
      expire: new Date(expiresAt),
    });
    try {
      await em.flush();
    } catch (error) {
      em.getUnitOfWork().unsetIdentity(record);
      throw error;
    }
    return toSession(record);
  }

  async find(sid: string, now: Date): Promise<Session | null> {
    // Not a primary-key-only lookup, so this always asks the database (never a stale identity map).
    const record = await this.#em.findOne(SessionRecord, { sid, expire: { $gt: now } });
    return record ? toSession(record) : null;
  }

  async revoke(sid: string): Promise<void> {
    await this.#em.nativeDelete(SessionRecord, { sid });
    this.#forget(sid);
  }

  async revokeAllForUser(userId: string, keepSid?: string): Promise<string[]> {
    const rows = await runSql<{ sid: string }>(
      this.#em,
      `delete from session where sess->>'userId' = ? and sid <> ? returning sid`,
      [userId, keepSid ?? ''],
    );
    for (const { sid } of rows) this.#forget(sid);
    return rows.map((r) => r.sid);
  }

  /** Deletes every session that has expired at `now`; returns how many. Not part of the port. */
  async deleteExpired(now: Date): Promise<number> {
    return this.#em.nativeDelete(SessionRecord, { expire: { $lte: now } });
  }

  #forget(sid: string): void {
    const uow = this.#em.getUnitOfWork();
    const loaded = uow.getById(SessionRecord, sid);
    if (loaded) uow.unsetIdentity(loaded);
  }
}
