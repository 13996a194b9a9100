import type { EntityManager } from '@mikro-orm/core';
import type { OAuthAppRepository } from '../../application/oauth-apps/ports.ts';
import type { OAuthAppSnapshot } from '../../domain/oauth/oauth-app.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runSql } from './sql.ts';

interface AppRow {
  id: string;
  user_id: string;
  name: string;
  homepage_url: string;
  logo_url: string | null;
  redirect_uris: string[];
  secret_hash: string | null;
  created_at: Date;
}

const COLUMNS = 'id, user_id, name, homepage_url, logo_url, redirect_uris, secret_hash, created_at';

function toSnapshot(row: AppRow): OAuthAppSnapshot {
  return {
    id: row.id,
    ownerUserId: row.user_id,
    name: row.name,
    homepageUrl: row.homepage_url,
    logoUrl: row.logo_url,
    redirectUris: [...row.redirect_uris],
    secretHash: row.secret_hash,
    createdAt: new Date(row.created_at),
  };
}

/**
 * OAuthAppRepository in SQL (docs/decisions/0213-oauth-apps-with-oidc-provider.md). The authorization
 * server reads its clients here on every request that names one, so an app works from the moment it is
 * registered and stops the moment it is deleted, on every instance. Give it the global `orm.em`.
 */
export class SqlOAuthApps implements OAuthAppRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async add(app: OAuthAppSnapshot): Promise<void> {
    await runSql(this.#em, `insert into oauth_apps (${COLUMNS}) values (?, ?, ?, ?, ?, ?::jsonb, ?, ?)`, [
      app.id,
      app.ownerUserId,
      app.name,
      app.homepageUrl,
      app.logoUrl,
      JSON.stringify(app.redirectUris),
      app.secretHash,
      app.createdAt,
    ]);
  }

  async findById(id: string): Promise<OAuthAppSnapshot | null> {
    if (!isUuid(id)) return null;
    const [row] = await runSql<AppRow>(this.#em, `select ${COLUMNS} from oauth_apps where id = ?`, [id]);
    return row ? toSnapshot(row) : null;
  }

  async listForOwner(ownerUserId: string): Promise<OAuthAppSnapshot[]> {
    if (!isUuid(ownerUserId)) return [];
    const rows = await runSql<AppRow>(
      this.#em,
      `select ${COLUMNS} from oauth_apps where user_id = ? order by created_at desc, id desc`,
      [ownerUserId],
    );
    return rows.map(toSnapshot);
  }

  /** The app's grants, codes and tokens go with it (oauth_models.client_id cascades). */
  async delete(ownerUserId: string, id: string): Promise<boolean> {
    if (!isUuid(ownerUserId) || !isUuid(id)) return false;
    const rows = await runSql(this.#em, 'delete from oauth_apps where id = ? and user_id = ? returning id', [
      id,
      ownerUserId,
    ]);
    return rows.length > 0;
  }
}
