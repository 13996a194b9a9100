import type { OAuthAppSnapshot } from '../../domain/oauth/oauth-app.ts';

/** Registered OAuth apps (docs/decisions/0213-oauth-apps-with-oidc-provider.md). */
export interface OAuthAppRepository {
  add(app: OAuthAppSnapshot): Promise<void>;
  findById(id: string): Promise<OAuthAppSnapshot | null>;
  /** The owner's apps, newest first. */
  listForOwner(ownerUserId: string): Promise<OAuthAppSnapshot[]>;
  /**
   * Deletes one app of the owner with every grant, code and token issued to it; false when the owner
   * has no app with this id.
   */
  delete(ownerUserId: string, id: string): Promise<boolean>;
}

/** What a user has granted one app, across every authorization they gave it. */
export interface OAuthGrantSummary {
  clientId: string;
  /** Every scope granted, as OAuth writes them (offline_access included). */
  scopes: string[];
  /** When the first of the grants still standing was made. */
  grantedAt: Date;
}

/** The grants users gave apps, as the authorization server keeps them. */
export interface OAuthGrants {
  /** One summary per app the user has a grant for, most recently granted first. */
  listForUser(userId: string): Promise<OAuthGrantSummary[]>;
  /**
   * Revokes every grant of the user to the app, with every code and token issued under them;
   * false when there was none.
   */
  revokeForUser(userId: string, clientId: string): Promise<boolean>;
  /**
   * Revokes every grant of the user to any app, with every code and token issued under them (a suspension,
   * decision 0223); answers how many grants went.
   */
  revokeAllForUser(userId: string): Promise<number>;
}

/** The secrets of confidential apps. */
export interface OAuthClientSecrets {
  /** A new random secret, and the hash to store for it. */
  newSecret(): { secret: string; hash: string };
}

/** What an OAuth access token stands for, once found, unexpired and unrevoked. */
export interface OAuthAccessTokenInfo {
  /** The grant it was issued under: the rate limit's key (decision 0211). */
  grantId: string;
  clientId: string;
  /** The user who granted it. */
  accountId: string;
  /** Its scopes, as OAuth writes them. */
  scopes: string[];
}

/** The authorization server's access tokens. */
export interface OAuthAccessTokens {
  /** The token's standing, or null when it is unknown, expired, revoked, or its grant is gone. */
  find(token: string): Promise<OAuthAccessTokenInfo | null>;
}
