import type { UserSnapshot } from '../../domain/user/user.ts';

/**
 * Users by id, kept for a short time (`ttlMs`, default 2 s) for the read that every signed-in request
 * makes. The repositories invalidate an id whenever they write it, inside a transaction or not; the id
 * then stays out of the cache for `quietMs` (default 5 s), long enough for that transaction to commit, so
 * this process reads its own writes. Other API instances are told through `onInvalidated` (the
 * cache-invalidation channel) and `forget` the id the same way; without that channel they see a change
 * within `ttlMs`. Only plain reads use it: reads inside a transaction always go to the database.
 * Decision 0007.
 */
export class UserReadCache {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #quietMs: number;
  readonly #now: () => number;
  readonly #onInvalidated: (id: string) => void;
  #entries = new Map<string, { at: number; snapshot: UserSnapshot }>();
  #quietUntil = new Map<string, number>();

  constructor(
    options: {
      ttlMs?: number;
      quietMs?: number;
      maxEntries?: number;
      now?: () => number;
      /** Called when this process writes a user: other instances must forget it. */
      onInvalidated?: (id: string) => void;
    } = {},
  ) {
    this.#onInvalidated = options.onInvalidated ?? (() => {});
    this.#ttlMs = options.ttlMs ?? 2000;
    this.#quietMs = options.quietMs ?? 5000;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  get(id: string): UserSnapshot | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (this.#now() - entry.at >= this.#ttlMs) {
      this.#entries.delete(id);
      return undefined;
    }
    return entry.snapshot;
  }

  set(snapshot: UserSnapshot): void {
    if (this.#ttlMs <= 0) return;
    const quietUntil = this.#quietUntil.get(snapshot.id);
    if (quietUntil !== undefined) {
      if (this.#now() < quietUntil) return;
      this.#quietUntil.delete(snapshot.id);
    }
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(snapshot.id, { at: this.#now(), snapshot });
  }

  /** Drops the user and keeps them out for `quietMs`: a write is under way. */
  invalidate(id: string): void {
    this.forget(id);
    this.#onInvalidated(id);
  }

  /** Drops the user and keeps them out for `quietMs`, without telling anyone (another instance wrote). */
  forget(id: string): void {
    this.#entries.delete(id);
    if (this.#quietUntil.size >= this.#maxEntries) this.#quietUntil.clear();
    this.#quietUntil.set(id, this.#now() + this.#quietMs);
  }
}
