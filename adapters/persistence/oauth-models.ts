import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { OAuthGrantSummary, OAuthGrants } from '../../application/oauth-apps/ports.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runSql } from './sql.ts';

/**
 * The credentials an app holds, found only by their value: stored under their SHA-256, with the value
 * taken out of the payload, so the table holds no token or code a reader could present. Every other
 * model (Grant, Session, Interaction, ...) is a reference or short-lived state, stored as given.
 */
const HASHED_MODELS = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode', 'ClientCredentials']);

const storedId = (model: string, id: string) =>
  HASHED_MODELS.has(model) ? createHash('sha256').update(id, 'utf8').digest('hex') : id;

const uuidOrNull = (value: unknown) => (typeof value === 'string' && isUuid(value) ? value : null);
const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

interface ModelRow {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

/** The grant's scopes: its OpenID ones (offline_access) and those of each resource server. */
function grantScopes(payload: AdapterPayload): string[] {
  const resources = Object.values((payload.resources ?? {}) as Record<string, string>);
  const openid = (payload.openid as { scope?: string } | undefined)?.scope ?? '';
  return [openid, ...resources].flatMap((scope) => scope.split(' ')).filter(Boolean);
}

/**
 * oidc-provider's storage (docs/decisions/0213-oauth-apps-with-oidc-provider.md) in the oauth_models
 * table, one row per (model, id), with the columns its lookups need beside the jsonb payload. Expired
 * rows are never answered; `deleteExpired` sweeps them. Also OAuthGrants, the users' side of the same
 * rows. Give it the global `orm.em`.
 */
export class SqlOAuthModels implements OAuthGrants {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  /** The Adapter oidc-provider asks for, one per model name (its `adapter` option). */
  adapterFor(model: string): Adapter {
    return new SqlModelAdapter(this.#em, model);
  }

  async listForUser(userId: string): Promise<OAuthGrantSummary[]> {
    if (!isUuid(userId)) return [];
    const rows = await runSql<{ client_id: string; payload: AdapterPayload }>(
      this.#em,
      `select client_id, payload from oauth_models
        where model = 'Grant' and account_id = ? and client_id is not null
          and (expires_at is null or expires_at > ?)`,
      [userId, new Date()],
    );
    const byApp = new Map<string, { scopes: Set<string>; iat: number }>();
    for (const row of rows) {
      const seen = byApp.get(row.client_id) ?? { scopes: new Set<string>(), iat: Number.POSITIVE_INFINITY };
      for (const scope of grantScopes(row.payload)) seen.scopes.add(scope);
      seen.iat = Math.min(seen.iat, Number(row.payload.iat ?? 0));
      byApp.set(row.client_id, seen);
    }
    return [...byApp]
      .map(([clientId, { scopes, iat }]) => ({
        clientId,
        scopes: [...scopes],
        grantedAt: new Date(iat * 1000),
      }))
      .sort((a, b) => b.grantedAt.getTime() - a.grantedAt.getTime());
  }

  /** One statement: the grants, and everything that names them or the user and the app together. */
  async revokeForUser(userId: string, clientId: string): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(clientId)) return false;
    const rows = await runSql<{ model: string }>(
      this.#em,
      `delete from oauth_models
        where (account_id = ? and client_id = ?)
           or grant_id in (select id from oauth_models where model = 'Grant' and account_id = ? and client_id = ?)
        returning model`,
      [userId, clientId, userId, clientId],
    );
    return rows.some((row) => row.model === 'Grant');
  }

  /** One statement: every grant of the user, and everything that names them or the user (decision 0223). */
  async revokeAllForUser(userId: string): Promise<number> {
    if (!isUuid(userId)) return 0;
    const rows = await runSql<{ model: string }>(
      this.#em,
      `delete from oauth_models
        where account_id = ?
           or grant_id in (select id from oauth_models where model = 'Grant' and account_id = ?)
        returning model`,
      [userId, userId],
    );
    return rows.filter((row) => row.model === 'Grant').length;
  }

  /** The user's standing grant to the app, if any, so a new consent adds to it instead of starting another. */
  async findGrantId(userId: string, clientId: string): Promise<string | null> {
    if (!isUuid(userId) || !isUuid(clientId)) return null;
    const [row] = await runSql<{ id: string }>(
      this.#em,
      `select id from oauth_models
        where model = 'Grant' and account_id = ? and client_id = ? and (expires_at is null or expires_at > ?)
        order by expires_at desc nulls first limit 1`,
      [userId, clientId, new Date()],
    );
    return row?.id ?? null;
  }

  /** Deletes every row that has expired at `now`; returns how many. Not part of a port: a sweeper calls it. */
  async deleteExpired(now: Date): Promise<number> {
    const rows = await runSql(this.#em, 'delete from oauth_models where expires_at <= ? returning 1', [now]);
    return rows.length;
  }
}

/** oidc-provider's Adapter interface for one model (its example/my_adapter.js describes each method). */
class SqlModelAdapter implements Adapter {
  readonly #em: EntityManager;
  readonly #model: string;

  constructor(em: EntityManager, model: string) {
    this.#em = em;
    this.#model = model;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const { jti: _jti, ...rest } = payload;
    const stored = HASHED_MODELS.has(this.#model) ? rest : payload;
    const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
    await runSql(
      this.#em,
      `insert into oauth_models
          (model, id, payload, grant_id, user_code, uid, account_id, client_id, expires_at, consumed_at)
        values (?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, null)
        on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
          user_code = excluded.user_code, uid = excluded.uid, account_id = excluded.account_id,
          client_id = excluded.client_id, expires_at = excluded.expires_at, consumed_at = null`,
      [
        this.#model,
        storedId(this.#model, id),
        JSON.stringify(stored),
        textOrNull(payload.grantId),
        textOrNull(payload.userCode),
        textOrNull(payload.uid),
        uuidOrNull(payload.accountId),
        uuidOrNull(payload.clientId),
        expiresAt,
      ],
    );
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findBy('id = ?', storedId(this.#model, id), id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findBy('uid = ?', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findBy('user_code = ?', userCode);
  }

  async consume(id: string): Promise<void> {
    await runSql(this.#em, 'update oauth_models set consumed_at = ? where model = ? and id = ?', [
      new Date(),
      this.#model,
      storedId(this.#model, id),
    ]);
  }

  async destroy(id: string): Promise<void> {
    await runSql(this.#em, 'delete from oauth_models where model = ? and id = ?', [
      this.#model,
      storedId(this.#model, id),
    ]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await runSql(this.#em, 'delete from oauth_models where model = ? and grant_id = ?', [
      this.#model,
      grantId,
    ]);
  }

  /**
   * The unexpired row matching `where`, as oidc-provider stored it: `consumed` (epoch seconds) once
   * consumed, and the value of a hashed model put back as its `jti`.
   */
  async #findBy(where: string, value: string, jti?: string): Promise<AdapterPayload | undefined> {
    const [row] = await runSql<ModelRow>(
      this.#em,
      `select payload, consumed_at from oauth_models
        where model = ? and ${where} and (expires_at is null or expires_at > ?)`,
      [this.#model, value, new Date()],
    );
    if (!row) return undefined;
    return {
      ...row.payload,
      ...(jti !== undefined && HASHED_MODELS.has(this.#model) ? { jti } : {}),
      ...(row.consumed_at ? { consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : {}),
    };
  }
}
