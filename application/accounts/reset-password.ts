import { USER_ERRORS } from '../../domain/user/errors.ts';

import type { User } from '../../domain/user/user.ts';
import { AccountUseCase } from './lifecycle.ts';
import type { SessionRecord } from './ports.ts';
import { SESSION_TTL_MS } from './shared.ts';
import { refuseSuspended } from './sign-in.ts';

const INVALID_RESET = 'This reset link is invalid or has expired. Ask for a new one.';

/**
 * The reset page: a valid link sets the new password once, revokes every session of the account
 * (and closes their sockets), and signs the user in fresh (not while suspended: 403 ACCOUNT_SUSPENDED, decision
 * 0223). Following the link also proves the email.
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
      if (!found || found.isDeleted) throw USER_ERRORS.INVALID_RESET_TOKEN(INVALID_RESET, 'token');
      found.changePasswordHash(passwordHash, now);
      if (!found.emailVerified) found.verifyEmail(found.email, now);
      await tx.users.save(found);
      return found;
    });
    await this.deps.resets.removeForUser(user.id);
    await this.endSessions(user.id);
    const session = await this.deps.sessions.create(user.id, new Date(now.getTime() + SESSION_TTL_MS));
    // Decision 0223: the new password is set, but a suspended user is not signed in.
    await refuseSuspended(this.deps, user.id, session.sid);
    return { user, session };
  }
}
