import { USER_ERRORS } from '../../domain/user/errors.ts';

import { normalizeEmail, type ProfileForm, type User } from '../../domain/user/user.ts';
import type { PasswordHasher } from '../accounts/ports.ts';
import { lockForRoleChange } from '../accounts/shared.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';

/** PATCH /api/users/me takes exactly one of these (accounts-and-shell section 7). */
export type ProfileChange =
  | { kind: 'profile'; form: ProfileForm; currentPassword?: string | undefined }
  | { kind: 'services'; services: readonly string[] }
  | { kind: 'emailNotifications'; enabled: boolean };

export class UpdateProfile extends UseCase<{ uow: UnitOfWork; clock: Clock; hasher?: PasswordHasher }> {
  /** Whether this change would move the account to another email (which needs the password). */
  static changesEmail(user: User, change: ProfileChange): boolean {
    if (change.kind !== 'profile' || change.form.email === undefined || change.form.email === null)
      return false;
    try {
      return normalizeEmail(change.form.email) !== user.email;
    } catch {
      return false; // an invalid email fails the form's own validation
    }
  }

  /** In one transaction, so that a role change in the profile form never takes the role from the last admin. */
  async execute(userId: string, change: ProfileChange): Promise<User> {
    return this.deps.uow.run(async (tx) => {
      const role = change.kind === 'profile' ? change.form.role : undefined;
      const user = await lockForRoleChange(tx, userId, role);
      if (!user) throw USER_ERRORS.USER_NOT_FOUND();
      const now = this.deps.clock.now();
      const changingEmail = change.kind === 'profile' && UpdateProfile.changesEmail(user, change);
      if (change.kind === 'profile') user.updateProfile(change.form, now);
      else if (change.kind === 'services') user.changeServices(change.services, now);
      else user.changeEmailNotifications(change.enabled, now);
      // The form is valid (its own errors come first); a new email takes over the account's sign-in and
      // mail: only with the password. A borrowed session cannot, and nobody can probe which emails have
      // accounts (EMAIL_TAKEN) without knowing their own password. Nothing is saved on failure.
      if (this.deps.hasher && changingEmail && change.kind === 'profile') {
        if (!change.currentPassword) {
          throw USER_ERRORS.PASSWORD_REQUIRED(
            'Enter your current password to change your email',
            'currentPassword',
          );
        }
        if (!(await this.deps.hasher.verify(change.currentPassword, user.passwordHash))) {
          throw USER_ERRORS.WRONG_PASSWORD('Your current password is not correct', 'currentPassword');
        }
      }
      await tx.users.save(user);
      return user;
    });
  }
}
