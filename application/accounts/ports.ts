import type { Role, User } from '../../domain/user/user.ts';

export interface UserRepository {
  findById(id: string): Promise<User | null>;
  /** `email` is already normalised. */
  findByEmail(email: string): Promise<User | null>;
  /** Inserts a new user; throws ConflictError('EMAIL_TAKEN') when the email is used already. */
  add(user: User): Promise<void>;
  /** Writes the changes of an existing user. */
  save(user: User): Promise<void>;
  list(filter?: { role?: Role }): Promise<User[]>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

export interface SessionRecord {
  sid: string;
  userId: string;
  expiresAt: Date;
}

/**
 * Server-side sessions (the spec's `session` table). The cookie only carries the session id, so
 * deleting the row signs the browser out wherever it is.
 */
export interface SessionStore {
  /** Creates a session with a new unguessable id. */
  create(userId: string, expiresAt: Date): Promise<SessionRecord>;
  /** The session, if it exists and has not expired at `now`. */
  find(sid: string, now: Date): Promise<SessionRecord | null>;
  revoke(sid: string): Promise<void>;
}

/**
 * Failed sign-ins per account (the normalised email, known or not, so the throttle reveals nothing
 * about who has an account). After a few free failures each further one doubles the wait.
 */
export interface SignInThrottle {
  /** How long (ms) sign-in for this key must still wait at `now`; 0 when it may try. */
  waitMs(key: string, now: Date): Promise<number>;
  failed(key: string, now: Date): Promise<void>;
  succeeded(key: string): Promise<void>;
}

/** One role change, as the audit log keeps it (issue 14). */
export interface RoleChangeEntry {
  id: string;
  /** The admin who made it; null for the admin:promote CLI. */
  actorId: string | null;
  targetId: string;
  fromRole: Role;
  toRole: Role;
  createdAt: Date;
}

/** The role-change audit log, written in the transaction of the change it records. */
export interface RoleChangeLog {
  record(entry: RoleChangeEntry): Promise<void>;
}
