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
import { UseCase } from '../shared/use-case.ts';
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

export class RegisterUser extends UseCase<{
  users: UserRepository;
  hasher: PasswordHasher;
  ids: IdGenerator;
  clock: Clock;
}> {
  async execute(input: RegisterInput): Promise<User> {
    checkPasswordPolicy(input.password);
    checkNotCommonPassword(input.password);
    // Validate everything before the (deliberately slow) hash.
    const draft = User.register({
      ...input,
      id: this.deps.ids.next(),
      passwordHash: '',
      now: this.deps.clock.now(),
    });
    const user = User.register({
      ...input,
      id: draft.id,
      passwordHash: await this.deps.hasher.hash(input.password),
      now: this.deps.clock.now(),
    });
    await this.deps.users.add(user);
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

export class SignIn extends UseCase<{
  users: UserRepository;
  hasher: PasswordHasher;
  sessions: SessionStore;
  clock: Clock;
  guards?: SignInGuards;
}> {
  #dummyHash: Promise<string> | undefined;

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
    const user = await this.deps.users.findByEmail(email);
    // Hash even for an unknown email, so the answer takes as long either way.
    this.#dummyHash ??= this.deps.hasher.hash('not-a-real-password');
    const hash = user?.passwordHash ?? (await this.#dummyHash);
    const ok = await this.deps.hasher.verify(input.password, hash);
    if (!user || !ok) {
      const now = this.deps.clock.now();
      await Promise.all(counts.map(({ throttle, key }) => throttle.failed(key, now)));
      throw new AuthenticationError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
    }
    // Only what this browser's failures were counted under: a success elsewhere does not hand an
    // attacker a fresh allowance.
    await Promise.all(counts.map(({ throttle, key }) => throttle.succeeded(key)));
    if (input.previousSid) await this.deps.sessions.revoke(input.previousSid);
    const session = await this.deps.sessions.create(
      user.id,
      new Date(this.deps.clock.now().getTime() + SESSION_TTL_MS),
    );
    const deviceCookie = this.deps.guards?.devices.issue(email);
    return { user, session, ...(deviceCookie ? { deviceCookie } : {}) };
  }

  /** The counts this attempt is judged and recorded under. */
  #counts(email: string, input: SignInInput): Array<{ throttle: SignInThrottle; key: string }> {
    const guards = this.deps.guards;
    if (!guards) return [];
    const device = input.deviceCookie ? guards.devices.read(input.deviceCookie, email) : null;
    if (device) return [{ throttle: guards.perClient, key: `${email}|device:${device}` }];
    return [
      { throttle: guards.perClient, key: `${email}|address:${input.address ?? 'unknown'}` },
      { throttle: guards.unknownDevices, key: `${email}|unknown-devices` },
    ];
  }

  async #wait(counts: Array<{ throttle: SignInThrottle; key: string }>): Promise<number> {
    const now = this.deps.clock.now();
    const waits = await Promise.all(counts.map(({ throttle, key }) => throttle.waitMs(key, now)));
    return Math.max(0, ...waits);
  }
}

export class StartSession extends UseCase<{ sessions: SessionStore; clock: Clock }> {
  /** Opens a session for a user who has just proved who they are (registration). */
  async execute(userId: string, previousSid?: string): Promise<SessionRecord> {
    if (previousSid) await this.deps.sessions.revoke(previousSid);
    return this.deps.sessions.create(userId, new Date(this.deps.clock.now().getTime() + SESSION_TTL_MS));
  }
}

export class SignOut extends UseCase<{ sessions: SessionStore }> {
  async execute(sid: string | undefined): Promise<void> {
    if (sid) await this.deps.sessions.revoke(sid);
  }
}

export class Authenticate extends UseCase<{
  sessions: SessionStore;
  users: UserRepository;
  clock: Clock;
  signedIn?: SignedInUsers;
}> {
  /** The signed-in user behind a session id, or null when the session is unknown, expired or orphaned. */
  async execute(sid: string | undefined): Promise<User | null> {
    if (!sid) return null;
    if (this.deps.signedIn) return this.deps.signedIn.find(sid, this.deps.clock.now());
    const session = await this.deps.sessions.find(sid, this.deps.clock.now());
    if (!session) return null;
    return this.deps.users.findById(session.userId);
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

export class ChangeOwnRole extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  async execute(userId: string, role: string): Promise<User> {
    return this.deps.uow.run(async (tx) => {
      const user = await lockForRoleChange(tx, userId, role);
      if (!user) throw new NotFoundError('USER_NOT_FOUND', 'User not found');
      user.changeOwnRole(role, this.deps.clock.now());
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

export class AdminChangeRole extends UseCase<{ uow: UnitOfWork; clock: Clock; ids: IdGenerator }> {
  /**
   * Any of the four roles on anyone, but never the last admin's (409 LAST_ADMIN, decision 0091). The
   * audit log records who changed whose role, from what to what, in the same transaction.
   */
  async execute(actor: User, targetUserId: string, role: string): Promise<User> {
    if (!actor.isAdmin) {
      throw new PermissionError('ADMIN_ONLY', 'Admin privileges required');
    }
    return this.deps.uow.run(async (tx) => {
      const target = await lockForRoleChange(tx, targetUserId, role);
      if (!target) throw new NotFoundError('USER_NOT_FOUND', `No user with id '${targetUserId}'`);
      await assignRoleAudited(tx, target, role, actor.id, this.deps.ids, this.deps.clock.now());
      return target;
    });
  }
}

export class PromoteToAdmin extends UseCase<{ uow: UnitOfWork; clock: Clock; ids: IdGenerator }> {
  /** For the `admin:promote` CLI: real deployments have no seeded admin. Audited with no admin named. */
  async execute(email: string): Promise<User> {
    const normalized = normalizeEmail(email);
    return this.deps.uow.run(async (tx) => {
      const found = await tx.users.findByEmail(normalized);
      if (!found) throw new NotFoundError('USER_NOT_FOUND', `No user with email '${email}'`);
      const user = (await tx.users.lockForUpdate(found.id)) ?? found;
      await assignRoleAudited(tx, user, 'admin' satisfies Role, null, this.deps.ids, this.deps.clock.now());
      return user;
    });
  }
}
