import type { UnsubscribeTokens } from '../../application/email/ports.ts';
import { HmacKey } from './hmac-key.ts';

/**
 * Unsubscribe tokens: `{base64url(userId)}.{base64url(HMAC-SHA256)}`. The HMAC key is derived with HKDF
 * from the session secret under its own label, so the link key and the cookie key are never the same
 * key. Tokens do not expire (an old mail's link must keep working); rotating SESSION_SECRET voids them.
 */
export class HmacUnsubscribeTokens implements UnsubscribeTokens {
  readonly #key: HmacKey;

  constructor(secret: Buffer) {
    this.#key = new HmacKey(secret, 'unsubscribe-link-v1');
  }

  issue(userId: string): string {
    const id = Buffer.from(userId, 'utf8').toString('base64url');
    return this.#key.token(id, `unsubscribe:${id}`);
  }

  verify(token: string): string | null {
    const id = this.#key.open(token, '[A-Za-z0-9_-]{1,200}', (part) => `unsubscribe:${part}`);
    return id === null ? null : Buffer.from(id, 'base64url').toString('utf8');
  }
}
