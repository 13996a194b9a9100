import { USER_ERRORS } from '../../domain/user/errors.ts';

import { AccountUseCase } from './lifecycle.ts';

/** The verification link: no sign-in needed; verifies the email it was sent to. */
export class VerifyEmail extends AccountUseCase {
  async execute(token: string): Promise<{ email: string }> {
    const now = this.deps.clock.now();
    const claim = this.deps.tokens.readVerification(token, now);
    if (!claim) {
      throw USER_ERRORS.INVALID_VERIFICATION_TOKEN(
        'This verification link is invalid or has expired.',
        'token',
      );
    }
    return this.deps.uow.run(async (tx) => {
      const user = await tx.users.lockForUpdate(claim.userId);
      if (!user) {
        throw USER_ERRORS.INVALID_VERIFICATION_TOKEN(
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
