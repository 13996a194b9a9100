/**
 * The account lifecycle (docs/decisions/0160-account-lifecycle.md): forgotten passwords,
 * password changes, email verification, the data export and deleting an account. What its use cases
 * share is here; each use case has its own file in this folder.
 */

import { ValidationError } from '../../domain/shared/errors.ts';
import { checkNotCommonPassword } from '../../domain/user/common-passwords.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';
import { checkPasswordPolicy, type User } from '../../domain/user/user.ts';
import type { AccessTokenRepository } from '../access-tokens/ports.ts';
import type { MailOutbox } from '../email/ports.ts';
import { composeAccountMail, type MailContent } from '../email/templates.ts';
import type { RealtimePort } from '../realtime/ports.ts';
import type { SuspensionQuery } from '../safety/ports.ts';
import type { FileStorage, UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type {
  AccountExport,
  AccountTokens,
  PasswordHasher,
  PasswordResets,
  SessionStore,
  UserRepository,
  UserSessions,
} from './ports.ts';

/** Where the links in the account mails lead (PUBLIC_URL). */
export interface AccountLinks {
  publicUrl: string;
}

/** The collaborators every lifecycle use case may need; composed once (apps/api/src/container.ts). */
export interface AccountLifecycleDeps {
  users: UserRepository;
  uow: UnitOfWork;
  hasher: PasswordHasher;
  sessions: SessionStore & UserSessions;
  resets: PasswordResets;
  tokens: AccountTokens;
  mail: MailOutbox;
  realtime: RealtimePort;
  files: FileStorage;
  exports: AccountExport;
  clock: Clock;
  links: AccountLinks;
  /** The account's personal access tokens: they end with its sessions (decision 0211). */
  accessTokens: Pick<AccessTokenRepository, 'revokeAllForUser'>;
  /** Decision 0223: a suspended user is not signed in by a reset link. */
  suspensions?: Pick<SuspensionQuery, 'activeFor'>;
}

/** Base of the lifecycle use cases: one constructor for all of them. */
export abstract class AccountUseCase extends UseCase<AccountLifecycleDeps> {
  /** Checks a new password against the rules, reported on `field`. */
  protected checkNewPassword(password: string, field: string): void {
    try {
      checkPasswordPolicy(password);
      checkNotCommonPassword(password);
    } catch (error) {
      if (error instanceof ValidationError) throw new ValidationError(error.code, error.message, field);
      throw error;
    }
  }

  protected async checkCurrentPassword(user: User, password: string | undefined, field: string) {
    if (!password) {
      throw USER_ERRORS.PASSWORD_REQUIRED('Enter your current password', field);
    }
    if (!(await this.deps.hasher.verify(password, user.passwordHash))) {
      throw USER_ERRORS.WRONG_PASSWORD('Your current password is not correct', field);
    }
  }

  /**
   * Queues an account mail to `user` whose action opens `path` with the link's `token` (a password reset,
   * an email verification). Account mails have no unsubscribe link and are never deduplicated.
   */
  protected async mailLink(
    user: User,
    link: { path: string; token: string; label: string },
    content: Omit<MailContent, 'action'>,
    now: Date,
  ): Promise<void> {
    const url = `${this.deps.links.publicUrl}${link.path}?token=${encodeURIComponent(link.token)}`;
    const mail = composeAccountMail(
      { email: user.email, name: user.name },
      { ...content, action: { label: link.label, url } },
    );
    await this.deps.mail.enqueue([{ ...mail, userId: user.id, dedupeKey: null }], now);
  }

  /**
   * Revokes the user's sessions (all but `keep`) and closes their sockets, on every API process, and
   * revokes every personal access token of the account (decision 0211: checked on every request, so
   * the revocation holds everywhere from the next one).
   */
  protected endSessions(userId: string, keep?: string): Promise<void> {
    return endSessionsEverywhere(this.deps, userId, keep);
  }
}

/** What ending a user's sessions everywhere needs (a password change, a deletion, a suspension). */
export interface SessionEnders {
  accessTokens: Pick<AccessTokenRepository, 'revokeAllForUser'>;
  sessions: UserSessions;
  realtime: Pick<RealtimePort, 'closeSession'>;
  clock: Clock;
}

/**
 * Revokes every personal access token of the user (decision 0211: checked on every request) and every session
 * but `keep` (each instance forgets it through the cache-invalidation channel), and closes the revoked
 * sessions' sockets on every instance (the realtime channel). A password change keeps the caller's session;
 * a deletion and a suspension (decision 0223) keep none.
 */
export async function endSessionsEverywhere(
  deps: SessionEnders,
  userId: string,
  keep?: string,
): Promise<void> {
  await deps.accessTokens.revokeAllForUser(userId, deps.clock.now());
  const revoked = await deps.sessions.revokeAllForUser(userId, keep);
  await Promise.all(revoked.map((sid) => deps.realtime.closeSession(sid).catch(() => undefined)));
}

/** Verification mails per account per hour ('Resend' included). */
export const VERIFICATION_MAILS_PER_HOUR = 5;
