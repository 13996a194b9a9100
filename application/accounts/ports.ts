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
 * The signed-in user behind a session id in one read: the session (existing, not expired at `now`) and
 * its user together. Null when the session is unknown or expired, or its user is gone. Optional for
 * Authenticate, which otherwise reads the SessionStore and then the UserRepository (decision 0111: every
 * signed-in request made both reads, two round trips).
 */
export interface SignedInUsers {
  find(sid: string, now: Date): Promise<User | null>;
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

/**
 * Device cookies (OWASP's "device cookies" against account lockout, decision 0191): a browser that signed in
 * to an account successfully gets a signed token naming that account. A sign-in carrying a genuine token
 * for its email is throttled on its own, so failures from elsewhere never lock the owner's known browsers.
 */
export interface DeviceCookies {
  /** A new token for a browser that just proved the password of `email` (normalised). */
  issue(email: string): string;
  /** The device's id when `token` is a genuine device cookie for `email`; null otherwise. */
  read(token: string, email: string): string | null;
}

/** One role change, as the audit log keeps it (docs/security.md, Admin audit). */
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

/** Password reset links (decision 0160): only a hash of each link's secret is stored. */
export interface PasswordResets {
  create(entry: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date }): Promise<void>;
  /** Removes the link and answers its user when it exists and has not expired at `now`; null otherwise. */
  consume(tokenHash: string, now: Date): Promise<string | null>;
  /** How many links were made for the user since `since` (the per-email limit). */
  countSince(userId: string, since: Date): Promise<number>;
  /** Every link of the user goes (after a reset, a password change or a deletion). */
  removeForUser(userId: string): Promise<void>;
}

/** The secrets behind the account links (decision 0160). */
export interface AccountTokens {
  /** A new random reset secret and the hash that is stored for it. */
  newResetToken(): { token: string; hash: string };
  hashResetToken(token: string): string;
  /** A signed verification token for this user and email, valid until `expiresAt`. */
  issueVerification(userId: string, email: string, expiresAt: Date): string;
  /** The user and email a valid, unexpired token names; null when it is malformed, forged or expired. */
  readVerification(token: string, now: Date): { userId: string; email: string } | null;
}

/** Sessions of one user, all at once (password reset and change, account deletion). */
export interface UserSessions {
  /** Revokes every session of the user except `keepSid`; answers the revoked ids. */
  revokeAllForUser(userId: string, keepSid?: string): Promise<string[]>;
}

/** What 'Download my data' gives (decision 0160). */
export interface AccountExport {
  collect(userId: string): Promise<{
    projects: Record<string, unknown>[];
    bids: Record<string, unknown>[];
    messages: Record<string, unknown>[];
    reviews: Record<string, unknown>[];
    /** Decision 0194: the saved searches, the saved projects (with their titles) and the notifications. */
    savedSearches: Record<string, unknown>[];
    savedProjects: Record<string, unknown>[];
    notifications: Record<string, unknown>[];
  }>;
}

/**
 * The person's own data that nothing else relies on, removed in the deletion's transaction: saved
 * searches and projects, notifications, achievements and badges, reset links, idempotency records,
 * and every mail to them, sent or not (decision 0194).
 */
export interface PersonalData {
  /** `email`: the address the account had, whose mails go too (also those queued without a user id). */
  erase(userId: string, email: string): Promise<void>;
  /** The user's pending bids (decision 0193: withdrawn with the account), in the order of their projects' ids. */
  pendingBidsOf(contractorId: string): Promise<{ bidId: string; projectId: string }[]>;
  /** Ids of the user's projects without an accepted bid (deleted with the account). */
  projectsToDelete(ownerId: string): Promise<string[]>;
}
