import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AccountTokens } from '../../application/accounts/ports.ts';

/**
 * The secrets behind the account links (decision 0160).
 * - Reset links carry 32 random bytes; only their SHA-256 is stored, so a database leak opens nothing.
 * - Verification links are signed, not stored: `{base64url(json)}.{base64url(HMAC-SHA256)}` naming the
 *   user, the email and the expiry. The key is derived with HKDF from the session secret under its own
 *   label (never the cookie key or the unsubscribe key). Rotating SESSION_SECRET voids open links.
 */
export class HmacAccountTokens implements AccountTokens {
  readonly #key: Buffer;

  constructor(secret: Buffer) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'buildbid', 'email-verification-v1', 32));
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
    return `${body}.${this.#sign(body).toString('base64url')}`;
  }

  readVerification(token: string, now: Date): { userId: string; email: string } | null {
    const match = /^([A-Za-z0-9_-]{1,1000})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, body, signature] = match as unknown as [string, string, string];
    const given = Buffer.from(signature, 'base64url');
    const expected = this.#sign(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
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

  #sign(body: string): Buffer {
    return createHmac('sha256', this.#key).update(`verify-email:${body}`).digest();
  }
}
