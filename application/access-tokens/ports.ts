import type { AccessTokenSnapshot } from '../../domain/access/access-token.ts';

/** Personal access tokens, stored by the hash of their secret (docs/decisions/0211-personal-access-tokens-and-scopes.md). */
export interface AccessTokenRepository {
  /**
   * Adds a token. `check` is called with the user's active tokens counted in the same transaction, under
   * a lock on the user, so two creations at once cannot pass the limit together; it throws to refuse.
   */
  add(token: AccessTokenSnapshot, now: Date, check: (activeCount: number) => void): Promise<void>;
  /** The user's tokens, newest first: active, expired and revoked (the list shows each with its status). */
  listForUser(userId: string): Promise<AccessTokenSnapshot[]>;
  findByHash(tokenHash: string): Promise<AccessTokenSnapshot | null>;
  /** Revokes one token of the user; false when the user has no token with this id. */
  revoke(userId: string, id: string, now: Date): Promise<boolean>;
  /** Revokes every token of the user that is not revoked yet; answers how many. */
  revokeAllForUser(userId: string, now: Date): Promise<number>;
  recordUse(id: string, now: Date, ip: string): Promise<void>;
}

/** The secrets behind personal access tokens. */
export interface AccessTokenSecrets {
  /** A new random secret that starts with the token prefix, and the hash to store for it. */
  newSecret(): { secret: string; hash: string };
  hash(secret: string): string;
}

/** Where one credential stands in its current rate-limit window (the RateLimit-* answer headers). */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets. */
  resetSeconds: number;
  /** False once the budget is spent: the request answers 429 with Retry-After = resetSeconds. */
  allowed: boolean;
}

/** Each third-party credential's own request budget, shared by every API instance (decision 0211). */
export interface CredentialRateLimiter {
  /** Counts one request of the credential at `now`. */
  hit(credentialId: string, now: Date): Promise<RateLimitState>;
}
