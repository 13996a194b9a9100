import type { SignedInUsers } from '../../application/accounts/ports.ts';
import { User } from '../../domain/user/user.ts';
import type { SessionWithUser } from '../persistence/mikro-orm-session-store.ts';
import type { CachingSessionStore } from './caching-session-store.ts';
import type { UserReadCache } from './user-read-cache.ts';

/**
 * Authenticate's read (decision 0111): the session and its user. Answers from the session and user caches of
 * decision 0007 when both hold the entry (the same rules as reading them one after the other); otherwise
 * reads both in one statement and fills the caches. With the caches off (TTL 0) it is always that one
 * statement, where it used to be two (session, then user).
 */
export class CachingSignedInUsers implements SignedInUsers {
  readonly #read: (sid: string, now: Date) => Promise<SessionWithUser | null>;
  readonly #sessions: CachingSessionStore;
  readonly #users: UserReadCache;

  constructor(
    read: (sid: string, now: Date) => Promise<SessionWithUser | null>,
    sessions: CachingSessionStore,
    users: UserReadCache,
  ) {
    this.#read = read;
    this.#sessions = sessions;
    this.#users = users;
  }

  async find(sid: string, now: Date): Promise<User | null> {
    const session = this.#sessions.cached(sid, now);
    if (session) {
      const user = this.#users.get(session.userId);
      if (user) return User.restore(user);
    }
    const found = await this.#read(sid, now);
    if (!found) {
      this.#sessions.forget(sid);
      return null;
    }
    this.#sessions.remember(found.session);
    if (!found.user) return null;
    this.#users.set(found.user);
    return User.restore(found.user);
  }
}
