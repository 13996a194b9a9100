import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeTokens } from '../../application/email/ports.ts';

/**
 * Unsubscribe tokens: `{base64url(userId)}.{base64url(HMAC-SHA256)}`. The HMAC key is derived with HKDF
 * from the session secret under its own label, so the link key and the cookie key are never the same
 * key. Tokens do not expire (an old mail's link must keep working); rotating SESSION_SECRET voids them.
 */
export class HmacUnsubscribeTokens implements UnsubscribeTokens {
  readonly #key: Buffer;

  constructor(secret: Buffer) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'buildbid', 'unsubscribe-link-v1', 32));
  }

  issue(userId: string): string {
    const id = Buffer.from(userId, 'utf8').toString('base64url');
    return `${id}.${this.#sign(id).toString('base64url')}`;
  }

  verify(token: string): string | null {
    const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, id, signature] = match as unknown as [string, string, string];
    const given = Buffer.from(signature, 'base64url');
    const expected = this.#sign(id);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return Buffer.from(id, 'base64url').toString('utf8');
  }

  #sign(id: string): Buffer {
    return createHmac('sha256', this.#key).update(`unsubscribe:${id}`).digest();
  }
}
