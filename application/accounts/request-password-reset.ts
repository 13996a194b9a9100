import { USER_ERRORS } from '../../domain/user/errors.ts';

import { normalizeEmail } from '../../domain/user/user.ts';
import { AccountUseCase } from './lifecycle.ts';

const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** Reset mails per account per hour; more are silently not sent (the answer never changes). */
const RESET_MAILS_PER_HOUR = 3;

const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent a link to reset its password. The link works for one hour.';

/** 'Forgot password?': always the same answer, so nobody learns whether an email has an account. */
export class RequestPasswordReset extends AccountUseCase {
  async execute(rawEmail: string): Promise<string> {
    if (rawEmail.trim() === '') {
      throw USER_ERRORS.EMAIL_REQUIRED({ field: 'email' });
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
    await this.mailLink(
      user,
      { path: '/reset-password', token, label: 'Choose a new password' },
      {
        subject: 'Reset your BuildBid password',
        paragraphs: [
          'Someone asked to reset the password of your BuildBid account. If it was you, choose a new password through the link below. It works once, for one hour.',
          'If it was not you, ignore this mail: your password stays as it is.',
        ],
      },
      now,
    );
    return RESET_REQUESTED_MESSAGE;
  }
}
