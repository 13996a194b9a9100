import {
  AuthenticationError,
  NotFoundError,
  PermissionError,
  RateLimitError,
} from '../../domain/shared/errors.ts';
import { checkNotCommonPassword } from '../../domain/user/common-passwords.ts';
import { checkPasswordPolicy, normalizeEmail, type Role, User } from '../../domain/user/user.ts';
import type { Transaction, UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import type {
  DeviceCookies,
  PasswordHasher,
  SessionRecord,
  SessionStore,
  SignedInUsers,
  SignInThrottle,
  UserRepository,
} from './ports.ts';

/** One message for a wrong password and an unknown email, so sign-in never reveals who has an account. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface RegisterInput {
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: string;
  country?: string;
}

export class RegisterUser {
  readonly #users: UserRepository;
  readonly #hasher: PasswordHasher;
  readonly #ids: IdGenerator;
  readonly #clock: Clock;

  constructor(users: UserRepository, hasher: PasswordHasher, ids: IdGenerator, clock: Clock) {
    this.#users = users;
    this.#hasher = hasher;
    this.#ids = ids;
    this.#clock = clock;
  }

  async execute(input: RegisterInput): Promise<User> {
    checkPasswordPolicy(input.password);
    checkNotCommonPassword(input.password);
    // Validate everything before the (deliberately slow) hash.
    const draft = User.register({ ...input, id: this.#ids.next(), passwordHash: '', now: this.#clock.now() });
    const user = User.register({
      ...input,
      id: draft.id,
      passwordHash: await this.#hasher.hash(input.password),
      now: this.#clock.now(),
    });
    await this.#users.add(user);
    return user;
  }
}

export interface SignedIn {
  user: User;
  session: SessionRecord;
  /** A fresh device cookie for this browser and account, when the use case has DeviceCookies. */
  deviceCookie?: string;
}

/**
 * What slows password guessing down without letting a stranger lock the owner out (issue 23, decision
 * 0191, OWASP's device cookies):
 * - `perClient` counts failures per account and client: a browser with the account's device cookie is
 *   one client wherever it is; any other browser counts by its address. The owner's known browsers and
 *   other addresses are never refused for an attacker's failures.
 * - `unknownDevices` counts the failures of every browser without the account's device cookie together
 *   (guessing spread over many addresses), with more free attempts; it never refuses a known browser.
 */
export interface SignInGuards {
  perClient: SignInThrottle;
  unknownDevices: SignInThrottle;
  devices: DeviceCookies;
}

export interface SignInInput {
  email: string;
  password: string;
  previousSid?: string | undefined;
  /** The client's address (the per-address count for browsers without a device cookie). */
  address?: string | undefined;
  /** The browser's device cookie, if it has one. */
  deviceCookie?: string | undefined;
}

export class SignIn {
  readonly #users: UserRepository;
  readonly #hasher: PasswordHasher;
  readonly #sessions: SessionStore;
  readonly #clock: Clock;
  readonly #guards: SignInGuards | undefined;
  #dummyHash: Promise<string> | undefined;

  constructor(
    users: UserRepository,
    hasher: PasswordHasher,
    sessions: SessionStore,
    clock: Clock,
    guards?: SignInGuards,
  ) {
    this.#users = users;
    this.#hasher = hasher;
    this.#sessions = sessions;
    this.#clock = clock;
    this.#guards = guards;
  }

  /**
   * Checks the credentials and opens a new session. A session the browser already had is revoked,
   * so a session id is never reused across a sign-in (no session fixation).
   */
  async execute(input: SignInInput): Promise<SignedIn> {
    let email: string;
    try {
      email = normalizeEmail(input.email);
    } catch {
      throw new AuthenticationError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
    }
    // Unknown emails are throttled alike (the throttle reveals no account).
    const counts = this.#counts(email, input);
    const wait = await this.#wait(counts);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new RateLimitError(
        'SIGNIN_THROTTLED',
        `Too many failed sign-ins for this account. Try again in ${seconds} seconds.`,
        seconds,
      );
    }
    const user = await this.#users.findByEmail(email);
    // Hash even for an unknown email, so the answer takes as long either way.
    this.#dummyHash ??= this.#hasher.hash('not-a-real-password');
    const hash = user?.passwordHash ?? (await this.#dummyHash);
    const ok = await this.#hasher.verify(input.password, hash);
    if (!user || !ok) {
      const now = this.#clock.now();
      await Promise.all(counts.map(({ throttle, key }) => throttle.failed(key, now)));
      throw new AuthenticationError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
    }
    // Only what this browser's failures were counted under: a success elsewhere does not hand an
    // attacker a fresh allowance.
    await Promise.all(counts.map(({ throttle, key }) => throttle.succeeded(key)));
    if (input.previousSid) await this.#sessions.revoke(input.previousSid);
    const session = await this.#sessions.create(
      user.id,
      new Date(this.#clock.now().getTime() + SESSION_TTL_MS),
    );
    const deviceCookie = this.#guards?.devices.issue(email);
    return { user, session, ...(deviceCookie ? { deviceCookie } : {}) };
  }

  /** The counts this attempt is judged and recorded under. */
  #counts(email: string, input: SignInInput): Array<{ throttle: SignInThrottle; key: string }> {
    const guards = this.#guards;
    if (!guards) return [];
    const device = input.deviceCookie ? guards.devices.read(input.deviceCookie, email) : null;
    if (device) return [{ throttle: guards.perClient, key: `${email}|device:${device}` }];
    return [
      { throttle: guards.perClient, key: `${email}|address:${input.address ?? 'unknown'}` },
      { throttle: guards.unknownDevices, key: `${email}|unknown-devices` },
    ];
  }

  async #wait(counts: Array<{ throttle: SignInThrottle; key: string }>): Promise<number> {
    const now = this.#clock.now();
    const waits = await Promise.all(counts.map(({ throttle, key }) => throttle.waitMs(key, now)));
    return Math.max(0, ...waits);
  }
}

export class StartSession {
  readonly #sessions: SessionStore;
  readonly #clock: Clock;

  constructor(sessions: SessionStore, clock: Clock) {
    this.#sessions = sessions;
    this.#clock = clock;
  }

  /** Opens a session for a user who has just proved who they are (registration). */
  async execute(userId: string, previousSid?: string): Promise<SessionRecord> {
    if (previousSid) await this.#sessions.revoke(previousSid);
    return this.#sessions.create(userId, new Date(this.#clock.now().getTime() + SESSION_TTL_MS));
  }
}

export class SignOut {
  readonly #sessions: SessionStore;

  constructor(sessions: SessionStore) {
    this.#sessions = sessions;
  }

  async execute(sid: string | undefined): Promise<void> {
    if (sid) await this.#sessions.revoke(sid);
  }
}

export class Authenticate {
  readonly #sessions: SessionStore;
  readonly #users: UserRepository;
  readonly #clock: Clock;
  readonly #signedIn: SignedInUsers | undefined;

  /** With `signedIn`, the session and its user come in one read (the same answers). */
  constructor(sessions: SessionStore, users: UserRepository, clock: Clock, signedIn?: SignedInUsers) {
    this.#sessions = sessions;
    this.#users = users;
    this.#clock = clock;
    this.#signedIn = signedIn;
  }

  /** The signed-in user behind a session id, or null when the session is unknown, expired or orphaned. */
  async execute(sid: string | undefined): Promise<User | null> {
    if (!sid) return null;
    if (this.#signedIn) return this.#signedIn.find(sid, this.#clock.now());
    const session = await this.#sessions.find(sid, this.#clock.now());
    if (!session) return null;
    return this.#users.findById(session.userId);
  }
}

/**
 * Inside a transaction, before the user's own row is locked: loads and locks the user whose role may
 * change, refusing (409 LAST_ADMIN) a change that would take the role from the last admin. A change
 * away from admin locks every admin row first (always in the same order, so two admins demoting each
 * other at once queue instead of deadlocking, and the second then sees the first's change).
 */
export async function lockForRoleChange(
  tx: Pick<Transaction, 'users'>,
  userId: string,
  newRole: string | undefined,
): Promise<User | null> {
  const admins = newRole !== undefined && newRole !== 'admin' ? await tx.users.lockAdmins() : null;
  const user = await tx.users.lockForUpdate(userId);
  if (user && admins && newRole !== undefined) user.assertNotLastAdmin(newRole, admins);
  return user;
}

export class ChangeOwnRole {
  readonly #uow: UnitOfWork;
  readonly #clock: Clock;

  constructor(uow: UnitOfWork, clock: Clock) {
    this.#uow = uow;
    this.#clock = clock;
  }

  async execute(userId: string, role: string): Promise<User> {
    return this.#uow.run(async (tx) => {
      const user = await lockForRoleChange(tx, userId, role);
      if (!user) throw new NotFoundError('USER_NOT_FOUND', 'User not found');
      user.changeOwnRole(role, this.#clock.now());
      await tx.users.save(user);
      return user;
    });
  }
}

/** Assigns the role and, when it changed, writes the audit entry in the same transaction (issue 14). */
async function assignRoleAudited(
  tx: Pick<Transaction, 'users' | 'roleChanges'>,
  target: User,
  role: string,
  actorId: string | null,
  ids: IdGenerator,
  now: Date,
): Promise<void> {
  const fromRole = target.role;
  target.assignRole(role, now);
  await tx.users.save(target);
  if (target.role !== fromRole) {
    await tx.roleChanges.record({
      id: ids.next(),
      actorId,
      targetId: target.id,
      fromRole,
      toRole: target.role,
      createdAt: now,
    });
  }
}

export class AdminChangeRole {
  readonly #uow: UnitOfWork;
  readonly #clock: Clock;
  readonly #ids: IdGenerator;

  constructor(uow: UnitOfWork, clock: Clock, ids: IdGenerator) {
    this.#uow = uow;
    this.#clock = clock;
    this.#ids = ids;
  }

  /**
   * Any of the four roles on anyone, but never the last admin's (409 LAST_ADMIN, decision 0091). The
   * audit log records who changed whose role, from what to what, in the same transaction.
   */
  async execute(actor: User, targetUserId: string, role: string): Promise<User> {
    if (!actor.isAdmin) {
      throw new PermissionError('ADMIN_ONLY', 'Admin privileges required');
    }
    return this.#uow.run(async (tx) => {
      const target = await lockForRoleChange(tx, targetUserId, role);
      if (!target) throw new NotFoundError('USER_NOT_FOUND', `No user with id '${targetUserId}'`);
      await assignRoleAudited(tx, target, role, actor.id, this.#ids, this.#clock.now());
      return target;
    });
  }
}

export class PromoteToAdmin {
  readonly #uow: UnitOfWork;
  readonly #clock: Clock;
  readonly #ids: IdGenerator;

  constructor(uow: UnitOfWork, clock: Clock, ids: IdGenerator) {
    this.#uow = uow;
    this.#clock = clock;
    this.#ids = ids;
  }

  /** For the `admin:promote` CLI: real deployments have no seeded admin. Audited with no admin named. */
  async execute(email: string): Promise<User> {
    const normalized = normalizeEmail(email);
    return this.#uow.run(async (tx) => {
      const found = await tx.users.findByEmail(normalized);
      if (!found) throw new NotFoundError('USER_NOT_FOUND', `No user with email '${email}'`);
      const user = (await tx.users.lockForUpdate(found.id)) ?? found;
      await assignRoleAudited(tx, user, 'admin' satisfies Role, null, this.#ids, this.#clock.now());
      return user;
    });
  }
}
