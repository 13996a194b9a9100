import type { EntityManager } from '@mikro-orm/core';
import type { AccessTokenRepository } from '../../application/access-tokens/ports.ts';
import type { AccessTokenSnapshot } from '../../domain/access/access-token.ts';
import { isScope } from '../../domain/access/scopes.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runSql } from './sql.ts';

interface TokenRow {
  id: string;
  user_id: string;
  name: string;
  scopes: string;
  token_hash: string;
  hint: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  last_used_ip: string | null;
  revoked_at: Date | null;
}

const COLUMNS =
  'id, user_id, name, scopes, token_hash, hint, created_at, expires_at, last_used_at, last_used_ip, revoked_at';

const dateOrNull = (value: Date | null) => (value === null ? null : new Date(value));

function toSnapshot(row: TokenRow): AccessTokenSnapshot {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    scopes: row.scopes.split(' ').filter(isScope),
    tokenHash: row.token_hash,
    hint: row.hint,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    lastUsedAt: dateOrNull(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    revokedAt: dateOrNull(row.revoked_at),
  };
}

/** AccessTokenRepository in SQL (decision 0211). Give it the global `orm.em`: it forks for its transaction. */
export class SqlAccessTokens implements AccessTokenRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  add(token: AccessTokenSnapshot, now: Date, check: (activeCount: number) => void): Promise<void> {
    return this.#em.fork().transactional(async (em) => {
      // One creation per user at a time: the count holds until the insert commits.
      await runSql(em, 'select id from users where id = ? for update', [token.userId]);
      const [active] = await runSql<{ n: string }>(
        em,
        'select count(*) as n from access_tokens where user_id = ? and revoked_at is null and expires_at > ?',
        [token.userId, now],
      );
      check(Number(active?.n ?? 0));
      await runSql(em, `insert into access_tokens (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
        token.id,
        token.userId,
        token.name,
        token.scopes.join(' '),
        token.tokenHash,
        token.hint,
        token.createdAt,
        token.expiresAt,
        token.lastUsedAt,
        token.lastUsedIp,
        token.revokedAt,
      ]);
    });
  }

  async listForUser(userId: string): Promise<AccessTokenSnapshot[]> {
    if (!isUuid(userId)) return [];
    const rows = await runSql<TokenRow>(
      this.#em,
      `select ${COLUMNS} from access_tokens where user_id = ? order by created_at desc, id desc`,
      [userId],
    );
    return rows.map(toSnapshot);
  }

  async findByHash(tokenHash: string): Promise<AccessTokenSnapshot | null> {
    const [row] = await runSql<TokenRow>(
      this.#em,
      `select ${COLUMNS} from access_tokens where token_hash = ?`,
      [tokenHash],
    );
    return row ? toSnapshot(row) : null;
  }

  async revoke(userId: string, id: string, now: Date): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(id)) return false;
    const rows = await runSql<{ id: string }>(
      this.#em,
      'update access_tokens set revoked_at = coalesce(revoked_at, ?) where id = ? and user_id = ? returning id',
      [now, id, userId],
    );
    return rows.length > 0;
  }

  async revokeAllForUser(userId: string, now: Date): Promise<number> {
    if (!isUuid(userId)) return 0;
    const rows = await runSql<{ id: string }>(
      this.#em,
      'update access_tokens set revoked_at = ? where user_id = ? and revoked_at is null returning id',
      [now, userId],
    );
    return rows.length;
  }

  async recordUse(id: string, now: Date, ip: string): Promise<void> {
    await runSql(this.#em, 'update access_tokens set last_used_at = ?, last_used_ip = ? where id = ?', [
      now,
      ip.slice(0, 45),
      id,
    ]);
  }
}
