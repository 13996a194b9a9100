import { USER_ERRORS } from '../../domain/user/errors.ts';

import type { User } from '../../domain/user/user.ts';
import { AccountUseCase } from './lifecycle.ts';

const VERIFICATION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

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
      if (options.resend) throw USER_ERRORS.EMAIL_ALREADY_VERIFIED();
      return '';
    }
    const now = this.deps.clock.now();
    const token = this.deps.tokens.issueVerification(
      user.id,
      user.email,
      new Date(now.getTime() + VERIFICATION_LINK_TTL_MS),
    );
    await this.mailLink(
      user,
      { path: '/verify-email', token, label: 'Verify my email' },
      {
        subject: 'Verify your email for BuildBid',
        paragraphs: [
          `Please confirm that ${user.email} is your address, so that BuildBid can send you notices about your projects, bids and messages.`,
          'The link works for 7 days.',
        ],
      },
      now,
    );
    return `We sent a new verification link to ${user.email}.`;
  }
}
