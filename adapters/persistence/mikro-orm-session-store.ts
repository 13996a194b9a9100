import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type {
  SessionRecord as Session,
  SessionStore,
  UserSessions,
} from '../../application/accounts/ports.ts';
import type { UserSnapshot } from '../../domain/user/user.ts';
import { SessionRecord } from './entities.ts';
import { runPrepared, runSql } from './sql.ts';
import { type UserRow, userRowToSnapshot } from './user-mapper.ts';

/** A session with its user (null when the user row is gone), as one statement reads them. */
export interface SessionWithUser {
  session: Session;
  user: UserSnapshot | null;
}

/**
 * The session and its user in one statement, the user joined by primary key. A `sess.userId` that is not
 * a uuid joins no user (as UserRepository.findById answers null for it) instead of failing the cast.
 */
const SESSION_WITH_USER_SQL = `select s.sid, s.expire, s.sess->>'userId' as "sessionUserId",
    u.id, u.email, u.password_hash as "passwordHash", u.first_name as "firstName", u.last_name as "lastName",
    u.profile_image_url as "profileImageUrl", u.role, u.country, u.subscription_tier as "subscriptionTier",
    u.stripe_customer_id as "stripeCustomerId", u.stripe_subscription_id as "stripeSubscriptionId",
    u.rating, u.review_count as "reviewCount", u.email_notifications as "emailNotifications", u.services,
    u.email_verified_at as "emailVerifiedAt", u.deleted_at as "deletedAt", u.created_at as "createdAt",
    u.updated_at as "updatedAt"
  from session s
  left join users u on u.id = case
    when s.sess->>'userId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (s.sess->>'userId')::uuid end
  where s.sid = ? and s.expire > ?`;

/** 32 random bytes: 256 bits, 43 characters of base64url. */
function newSessionId(): string {
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

  /**
   * The session (unexpired at `now`) and its user in one round trip, read as plain rows (no identity map,
   * no hydration): what every signed-in request needs (decision 0111).
   */
  async findWithUser(sid: string, now: Date): Promise<SessionWithUser | null> {
    const [row] = await runPrepared<
      UserRow & { sid: string; expire: Date | string; sessionUserId: string | null }
    >(this.#em, SESSION_WITH_USER_SQL, [sid, now]);
    if (!row) return null;
    return {
      session: { sid: row.sid, userId: row.sessionUserId ?? '', expiresAt: new Date(row.expire) },
      user: row.id ? userRowToSnapshot(row) : null,
    };
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
