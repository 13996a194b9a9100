import type {
  PasswordHasher,
  SessionRecord,
  SessionStore,
  UserRepository,
} from '../../application/accounts/ports.ts';
import type { Clock, IdGenerator } from '../../application/shared/ports.ts';
import { ConflictError } from '../../domain/shared/errors.ts';
import { type Role, User } from '../../domain/user/user.ts';

/** In-memory fakes of the account ports, for use-case tests. They keep snapshots, like a database. */
export class InMemoryUserRepository implements UserRepository {
  readonly rows = new Map<string, ReturnType<User['toSnapshot']>>();

  async findById(id: string) {
    const row = this.rows.get(id);
    return row ? User.restore(row) : null;
  }
  async findByEmail(email: string) {
    const row = [...this.rows.values()].find((r) => r.email === email);
    return row ? User.restore(row) : null;
  }
  async add(user: User) {
    if ([...this.rows.values()].some((r) => r.email === user.email)) {
      throw new ConflictError('EMAIL_TAKEN', 'An account with this email already exists', 'email');
    }
    this.rows.set(user.id, user.toSnapshot());
  }
  async save(user: User) {
    this.rows.set(user.id, user.toSnapshot());
  }
  async list(filter: { role?: Role } = {}) {
    return [...this.rows.values()]
      .filter((r) => !filter.role || r.role === filter.role)
      .map((r) => User.restore(r));
  }
}

export class InMemorySessionStore implements SessionStore {
  readonly sessions = new Map<string, SessionRecord>();
  #next = 0;

  async create(userId: string, expiresAt: Date) {
    this.#next += 1;
    const session = { sid: `sid-${this.#next}`, userId, expiresAt };
    this.sessions.set(session.sid, session);
    return session;
  }
  async find(sid: string, now: Date) {
    const session = this.sessions.get(sid);
    return session && session.expiresAt > now ? session : null;
  }
  async revoke(sid: string) {
    this.sessions.delete(sid);
  }
  async revokeAllForUser(userId: string, keepSid?: string) {
    const revoked = [...this.sessions.values()]
      .filter((s) => s.userId === userId && s.sid !== keepSid)
      .map((s) => s.sid);
    for (const sid of revoked) this.sessions.delete(sid);
    return revoked;
  }
}

/** Reversible and fast; the real scrypt hasher has its own test. */
export class FakePasswordHasher implements PasswordHasher {
  async hash(password: string) {
    return `hashed:${password}`;
  }
  async verify(password: string, hash: string) {
    return hash === `hashed:${password}`;
  }
}

export class FixedClock implements Clock {
  current: Date;
  constructor(iso = '2026-11-21T12:00:00Z') {
    this.current = new Date(iso);
  }
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export class SequentialIds implements IdGenerator {
  #n = 0;
  next() {
    this.#n += 1;
    return `00000000-0000-4000-8000-${String(this.#n).padStart(12, '0')}`;
  }
}
