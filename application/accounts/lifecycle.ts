/**
 * The account lifecycle (issue 16, docs/decisions/0160-account-lifecycle.md): forgotten passwords,
 * password changes, email verification, the data export and deleting an account.
 */

import { ConflictError, NotFoundError, ValidationError } from '../../domain/shared/errors.ts';
import type { BidWithdrawn, ProjectDeleted } from '../../domain/shared/events.ts';
import { checkNotCommonPassword } from '../../domain/user/common-passwords.ts';
import { checkPasswordPolicy, normalizeEmail, type User } from '../../domain/user/user.ts';
import type { MailOutbox } from '../email/ports.ts';
import { composeAccountMail } from '../email/templates.ts';
import { deleteProjectIn, removeQuietly } from '../projects/use-cases.ts';
import type { RealtimePort } from '../realtime/ports.ts';
import type { EventPublisher, FileStorage, UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type {
  AccountExport,
  AccountTokens,
  PasswordHasher,
  PasswordResets,
  SessionRecord,
  SessionStore,
  UserRepository,
  UserSessions,
} from './ports.ts';
import { SESSION_TTL_MS } from './use-cases.ts';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const VERIFICATION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Reset mails per account per hour; more are silently not sent (the answer never changes). */
export const RESET_MAILS_PER_HOUR = 3;
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent a link to reset its password. The link works for one hour.';
const INVALID_RESET = 'This reset link is invalid or has expired. Ask for a new one.';

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
  events: EventPublisher;
  files: FileStorage;
  exports: AccountExport;
  clock: Clock;
  links: AccountLinks;
}

/** Base of the lifecycle use cases: one constructor for all of them. */
abstract class AccountUseCase extends UseCase<AccountLifecycleDeps> {
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
      throw new ValidationError('PASSWORD_REQUIRED', 'Enter your current password', field);
    }
    if (!(await this.deps.hasher.verify(password, user.passwordHash))) {
      throw new ValidationError('WRONG_PASSWORD', 'Your current password is not correct', field);
    }
  }

  /** Revokes the user's sessions (all but `keep`) and closes their sockets, on every API process. */
  protected async endSessions(userId: string, keep?: string): Promise<void> {
    const revoked = await this.deps.sessions.revokeAllForUser(userId, keep);
    await Promise.all(revoked.map((sid) => this.deps.realtime.closeSession(sid).catch(() => undefined)));
  }
}

/** 'Forgot password?': always the same answer, so nobody learns whether an email has an account. */
export class RequestPasswordReset extends AccountUseCase {
  async execute(rawEmail: string): Promise<string> {
    if (rawEmail.trim() === '') {
      throw new ValidationError('EMAIL_REQUIRED', 'Please enter your email', 'email');
    }
    let email: string;
    try {
      email = normalizeEmail(rawEmail);
    } catch {
      return RESET_REQUESTED_MESSAGE;
    }
    const user = await this.deps.users.findByEmail(email);
    if (!user || user.isDeleted) return RESET_REQUESTED_MESSAGE;
    const now = this.deps.clock.now();
    const recent = await this.deps.resets.countSince(user.id, new Date(now.getTime() - 60 * 60 * 1000));
    if (recent >= RESET_MAILS_PER_HOUR) return RESET_REQUESTED_MESSAGE;
    const { token, hash } = this.deps.tokens.newResetToken();
    await this.deps.resets.create({
      tokenHash: hash,
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
    });
    const url = `${this.deps.links.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.deps.mail.enqueue(
      [
        {
          ...composeAccountMail(
            { email: user.email, name: user.name },
            {
              subject: 'Reset your BuildBid password',
              paragraphs: [
                'Someone asked to reset the password of your BuildBid account. If it was you, choose a new password through the link below. It works once, for one hour.',
                'If it was not you, ignore this mail: your password stays as it is.',
              ],
              action: { label: 'Choose a new password', url },
            },
          ),
          userId: user.id,
          dedupeKey: null,
        },
      ],
      now,
    );
    return RESET_REQUESTED_MESSAGE;
  }
}

/**
 * The reset page: a valid link sets the new password once, revokes every session of the account
 * (and closes their sockets), and signs the user in fresh. Following the link also proves the email.
 */
export class ResetPassword extends AccountUseCase {
  async execute(input: { token: string; password: string }): Promise<{ user: User; session: SessionRecord }> {
    const now = this.deps.clock.now();
    // The rules first: a refused password must not use up the link.
    this.checkNewPassword(input.password, 'password');
    const hash = this.deps.tokens.hashResetToken(input.token);
    const passwordHash = await this.deps.hasher.hash(input.password);
    const user = await this.deps.uow.run(async (tx) => {
      const userId = await this.deps.resets.consume(hash, now);
      const found = userId ? await tx.users.lockForUpdate(userId) : null;
      if (!found || found.isDeleted) throw new ValidationError('INVALID_RESET_TOKEN', INVALID_RESET, 'token');
      found.changePasswordHash(passwordHash, now);
      if (!found.emailVerified) found.verifyEmail(found.email, now);
      await tx.users.save(found);
      return found;
    });
    await this.deps.resets.removeForUser(user.id);
    await this.endSessions(user.id);
    const session = await this.deps.sessions.create(user.id, new Date(now.getTime() + SESSION_TTL_MS));
    return { user, session };
  }
}

/** The Profile's 'Change Password': the current one first; every other session is revoked. */
export class ChangePassword extends AccountUseCase {
  async execute(
    userId: string,
    currentSid: string | undefined,
    input: { currentPassword?: string; newPassword: string },
  ): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new NotFoundError('USER_NOT_FOUND', 'User not found');
    await this.checkCurrentPassword(user, input.currentPassword, 'currentPassword');
    this.checkNewPassword(input.newPassword, 'newPassword');
    const passwordHash = await this.deps.hasher.hash(input.newPassword);
    await this.deps.uow.run(async (tx) => {
      const locked = await tx.users.lockForUpdate(userId);
      if (!locked) throw new NotFoundError('USER_NOT_FOUND', 'User not found');
      locked.changePasswordHash(passwordHash, this.deps.clock.now());
      await tx.users.save(locked);
    });
    await this.deps.resets.removeForUser(userId);
    await this.endSessions(userId, currentSid);
  }
}

/** Verification mails per account per hour ('Resend' included). */
export const VERIFICATION_MAILS_PER_HOUR = 5;

/**
 * Sends the verification link for the user's current email (at registration, after an email change,
 * and on 'Resend'). The link is signed and names the email, so an old link verifies nothing.
 */
export class SendVerificationEmail extends AccountUseCase {
  /**
   * `resend`: the dashboard's button, which answers 409 when there is nothing to verify. How often it
   * may be pressed is the HTTP layer's limit (VERIFICATION_MAILS_PER_HOUR per user).
   */
  async execute(user: User, options: { resend?: boolean } = {}): Promise<string> {
    if (user.emailVerified) {
      if (options.resend)
        throw new ConflictError('EMAIL_ALREADY_VERIFIED', 'Your email is already verified.');
      return '';
    }
    const now = this.deps.clock.now();
    const token = this.deps.tokens.issueVerification(
      user.id,
      user.email,
      new Date(now.getTime() + VERIFICATION_LINK_TTL_MS),
    );
    const url = `${this.deps.links.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await this.deps.mail.enqueue(
      [
        {
          ...composeAccountMail(
            { email: user.email, name: user.name },
            {
              subject: 'Verify your email for BuildBid',
              paragraphs: [
                `Please confirm that ${user.email} is your address, so that BuildBid can send you notices about your projects, bids and messages.`,
                'The link works for 7 days.',
              ],
              action: { label: 'Verify my email', url },
            },
          ),
          userId: user.id,
          dedupeKey: null,
        },
      ],
      now,
    );
    return `We sent a new verification link to ${user.email}.`;
  }
}

/** The verification link: no sign-in needed; verifies the email it was sent to. */
export class VerifyEmail extends AccountUseCase {
  async execute(token: string): Promise<{ email: string }> {
    const now = this.deps.clock.now();
    const claim = this.deps.tokens.readVerification(token, now);
    if (!claim) {
      throw new ValidationError(
        'INVALID_VERIFICATION_TOKEN',
        'This verification link is invalid or has expired.',
        'token',
      );
    }
    return this.deps.uow.run(async (tx) => {
      const user = await tx.users.lockForUpdate(claim.userId);
      if (!user) {
        throw new ValidationError(
          'INVALID_VERIFICATION_TOKEN',
          'This verification link is invalid or has expired.',
          'token',
        );
      }
      user.verifyEmail(claim.email, now);
      await tx.users.save(user);
      return { email: user.email };
    });
  }
}

/** 'Download my data': the profile, projects, bids, messages and reviews as one JSON document. */
export class ExportMyData extends AccountUseCase {
  async execute(user: User) {
    const collected = await this.deps.exports.collect(user.id);
    return { exportedAt: this.deps.clock.now(), user, ...collected };
  }
}

/**
 * 'Delete Account' (issue 16). With the current password, and never the last admin (409 LAST_ADMIN):
 * - a running Pro subscription is cancelled through the payment gateway first (`cancelSubscription`),
 *   so no further payment is taken;
 * - in one transaction: the person's projects without an accepted bid are deleted (their bidders are
 *   told), their pending bids are withdrawn (each under its project's lock, so no owner accepts one
 *   meanwhile; the owners are told: issue 23), their own data goes (saved searches and projects,
 *   notifications, achievements, reset links, every mail to them, sent or not), and the row becomes
 *   'Deleted user' with a freed email;
 * - after the commit every session is revoked, the sockets closed and the deleted projects' files removed.
 * Kept, shown as 'Deleted user': bids (decided or withdrawn), messages and reviews, and projects with an
 * accepted bid (the awarded contractor's work and review rely on them).
 */
export class DeleteAccount extends AccountUseCase {
  async execute(
    userId: string,
    password: string | undefined,
    cancelSubscription: (user: User) => Promise<void>,
  ): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user || user.isDeleted) throw new NotFoundError('USER_NOT_FOUND', 'User not found');
    await this.checkCurrentPassword(user, password, 'password');
    if (user.isAdmin) {
      // Refuse before anything is cancelled; the transaction checks again under the admins' locks.
      await this.deps.uow.run(async (tx) => user.assertNotLastAdmin('client', await tx.users.lockAdmins()));
    }
    await cancelSubscription(user);
    const now = this.deps.clock.now();
    const { deleted, withdrawn } = await this.deps.uow.run(async (tx) => {
      const admins = user.isAdmin ? await tx.users.lockAdmins() : null;
      const locked = await tx.users.lockForUpdate(userId);
      if (!locked) throw new NotFoundError('USER_NOT_FOUND', 'User not found');
      if (admins) locked.assertNotLastAdmin('client', admins);
      const deleted: ProjectDeleted[] = [];
      for (const projectId of await tx.personalData.projectsToDelete(userId)) {
        const project = await tx.projects.lockForUpdate(projectId);
        if (project && project.acceptedBidId === null) {
          deleted.push(await deleteProjectIn(tx, project, locked, now));
        }
      }
      // Issue 23: the pending bids are withdrawn; their owners are told through the outbox.
      const withdrawn: BidWithdrawn[] = [];
      for (const { bidId, projectId } of await tx.personalData.pendingBidsOf(userId)) {
        const project = await tx.projects.lockForUpdate(projectId);
        // Read under the project's lock: the owner may have decided on it meanwhile.
        const bid = project ? await tx.bids.findById(bidId) : null;
        if (!project || bid?.status !== 'pending') continue;
        withdrawn.push(bid.withdraw(now, project, 'account_deleted'));
        await tx.bids.save(bid);
      }
      await tx.outbox.add(withdrawn);
      await tx.personalData.erase(userId, locked.email);
      locked.erase(now);
      await tx.users.save(locked);
      return { deleted, withdrawn };
    });
    await this.endSessions(userId);
    await removeQuietly(
      this.deps.files,
      deleted.flatMap((e) => e.attachments),
    );
    await this.deps.events.publish([...deleted, ...withdrawn]);
  }
}
