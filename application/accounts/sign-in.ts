import { assertNotSuspended } from '../../domain/safety/suspension.ts';
import { RateLimitError } from '../../domain/shared/errors.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';
import { normalizeEmail, type User } from '../../domain/user/user.ts';
import type { SuspensionQuery } from '../safety/ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type {
  DeviceCookies,
  PasswordHasher,
  SessionRecord,
  SessionStore,
  SignInThrottle,
  UserRepository,
} from './ports.ts';
import { SESSION_TTL_MS } from './shared.ts';

/** One message for a wrong password and an unknown email, so sign-in never reveals who has an account. */
const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export interface SignedIn {
  user: User;
  session: SessionRecord;
  /** A fresh device cookie for this browser and account, when the use case has DeviceCookies. */
  deviceCookie?: string;
}

/**
 * What slows password guessing down without letting a stranger lock the owner out (decision
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
  /** Decision 0223: a suspended account is refused (with the end date) once its password proved who it is. */
  suspensions?: Pick<SuspensionQuery, 'activeFor'>;
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
      throw USER_ERRORS.INVALID_CREDENTIALS(INVALID_CREDENTIALS_MESSAGE);
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
      throw USER_ERRORS.INVALID_CREDENTIALS(INVALID_CREDENTIALS_MESSAGE);
    }
    // Only what this browser's failures were counted under: a success elsewhere does not hand an
    // attacker a fresh allowance.
    await Promise.all(counts.map(({ throttle, key }) => throttle.succeeded(key)));
    if (input.previousSid) await this.deps.sessions.revoke(input.previousSid);
    const session = await this.deps.sessions.create(
      user.id,
      new Date(this.deps.clock.now().getTime() + SESSION_TTL_MS),
    );
    await refuseSuspended(this.deps, user.id, session.sid);
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

/**
 * Decision 0223: a suspended user gets no session. Checked after the session is made, and the session revoked
 * when the check fails: a suspension that commits after this read ends the session itself (it revokes every
 * session of the user after its commit), so no session outlives a suspension, however the two interleave.
 */
export async function refuseSuspended(
  deps: {
    suspensions?: Pick<SuspensionQuery, 'activeFor'>;
    sessions: Pick<SessionStore, 'revoke'>;
    clock: Clock;
  },
  userId: string,
  sid: string,
): Promise<void> {
  if (!deps.suspensions) return;
  const now = deps.clock.now();
  const suspension = await deps.suspensions.activeFor(userId, now);
  if (!suspension) return;
  await deps.sessions.revoke(sid);
  assertNotSuspended(suspension, now);
}
