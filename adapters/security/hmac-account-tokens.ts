import { createHash, randomBytes } from 'node:crypto';
import type { AccountTokens } from '../../application/accounts/ports.ts';
import { HmacKey } from './hmac-key.ts';

/**
 * The secrets behind the account links (decision 0160).
 * - Reset links carry 32 random bytes; only their SHA-256 is stored, so a database leak opens nothing.
 * - Verification links are signed, not stored: `{base64url(json)}.{base64url(HMAC-SHA256)}` naming the
 *   user, the email and the expiry. The key is derived with HKDF from the session secret under its own
 *   label (never the cookie key or the unsubscribe key). Rotating SESSION_SECRET voids open links.
 */
export class HmacAccountTokens implements AccountTokens {
  readonly #key: HmacKey;

  constructor(secret: Buffer) {
    this.#key = new HmacKey(secret, 'email-verification-v1');
  }

  newResetToken(): { token: string; hash: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: this.hashResetToken(token) };
  }

  hashResetToken(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }

  issueVerification(userId: string, email: string, expiresAt: Date): string {
    const body = Buffer.from(
      JSON.stringify({ u: userId, e: email, x: expiresAt.getTime() }),
      'utf8',
    ).toString('base64url');
    return this.#key.token(body, `verify-email:${body}`);
  }

  readVerification(token: string, now: Date): { userId: string; email: string } | null {
    const body = this.#key.open(token, '[A-Za-z0-9_-]{1,1000}', (part) => `verify-email:${part}`);
    if (body === null) return null;
    try {
      const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
        u: unknown;
        e: unknown;
        x: unknown;
      };
      if (typeof claim.u !== 'string' || typeof claim.e !== 'string' || typeof claim.x !== 'number')
        return null;
      if (claim.x <= now.getTime()) return null;
      return { userId: claim.u, email: claim.e };
    } catch {
      return null;
    }
  }
}
