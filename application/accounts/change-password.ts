import { USER_ERRORS } from '../../domain/user/errors.ts';

import { AccountUseCase } from './lifecycle.ts';

/** The Profile's 'Change Password': the current one first; every other session is revoked. */
export class ChangePassword extends AccountUseCase {
  async execute(
    userId: string,
    currentSid: string | undefined,
    input: { currentPassword?: string; newPassword: string },
  ): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw USER_ERRORS.USER_NOT_FOUND();
    await this.checkCurrentPassword(user, input.currentPassword, 'currentPassword');
    this.checkNewPassword(input.newPassword, 'newPassword');
    const passwordHash = await this.deps.hasher.hash(input.newPassword);
    await this.deps.uow.run(async (tx) => {
      const locked = await tx.users.lockForUpdate(userId);
      if (!locked) throw USER_ERRORS.USER_NOT_FOUND();
      locked.changePasswordHash(passwordHash, this.deps.clock.now());
      await tx.users.save(locked);
    });
    await this.deps.resets.removeForUser(userId);
    await this.endSessions(userId, currentSid);
  }
}
