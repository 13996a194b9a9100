import type { SessionRecord, SessionStore, UserSessions } from '../../application/accounts/ports.ts';

/**
 * Remembers found sessions for a short time (`ttlMs`, default 5 s) so a signed-in request does not read
 * the session table every time. Revoking (sign-out) drops the entry at once in this process and tells
 * the other API instances through `onRevoked` (the cache-invalidation channel), which call `forget`;
 * without that channel another instance stops accepting a revoked session within `ttlMs`. An entry is
 * never used past the session's own expiry. See docs/decisions/0007-read-caches.md.
 */
export class CachingSessionStore implements SessionStore, UserSessions {
  readonly #inner: SessionStore & UserSessions;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #onRevoked: (sid: string) => void;
  #entries = new Map<string, { at: number; session: SessionRecord }>();

  constructor(
    inner: SessionStore & UserSessions,
    options: {
      ttlMs?: number;
      maxEntries?: number;
      now?: () => number;
      /** Called once a session is revoked in the database: other instances must forget it. */
      onRevoked?: (sid: string) => void;
    } = {},
  ) {
    this.#onRevoked = options.onRevoked ?? (() => {});
    this.#inner = inner;
    this.#ttlMs = options.ttlMs ?? 5000;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  create(userId: string, expiresAt: Date): Promise<SessionRecord> {
    return this.#inner.create(userId, expiresAt);
  }

  async find(sid: string, now: Date): Promise<SessionRecord | null> {
    const cached = this.cached(sid, now);
    if (cached) return cached;
    const session = await this.#inner.find(sid, now);
    if (session) this.remember(session);
    else this.#entries.delete(sid);
    return session;
  }

  /** The session as kept (within the TTL and its own expiry), without reading the database. */
  cached(sid: string, now: Date): SessionRecord | undefined {
    const cached = this.#entries.get(sid);
    if (cached && this.#now() - cached.at < this.#ttlMs && cached.session.expiresAt > now)
      return cached.session;
    return undefined;
  }

  /** Keeps a session just read from the database (nothing while the TTL is 0). */
  remember(session: SessionRecord): void {
    if (this.#ttlMs <= 0) {
      this.#entries.delete(session.sid);
      return;
    }
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(session.sid, { at: this.#now(), session });
  }

  async revoke(sid: string): Promise<void> {
    this.#entries.delete(sid);
    await this.#inner.revoke(sid);
    this.#entries.delete(sid);
    this.#onRevoked(sid);
  }

  async revokeAllForUser(userId: string, keepSid?: string): Promise<string[]> {
    const revoked = await this.#inner.revokeAllForUser(userId, keepSid);
    for (const sid of revoked) {
      this.#entries.delete(sid);
      this.#onRevoked(sid);
    }
    return revoked;
  }

  /** Drops a session another instance revoked. */
  forget(sid: string): void {
    this.#entries.delete(sid);
  }
}
