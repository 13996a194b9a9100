import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DeviceCookies } from '../../application/accounts/ports.ts';

/**
 * Device cookies signed with HMAC-SHA256: `{id}.{signature}`, the id 16 random bytes, the signature over
 * the account's email and the id (OWASP's device cookie: login name, nonce, signature). Nothing is stored;
 * the key is derived with HKDF from the session secret under its own label, so rotating SESSION_SECRET
 * forgets every device (sign-ins then count per address again until the next success).
 */
export class HmacDeviceCookies implements DeviceCookies {
  readonly #key: Buffer;

  constructor(secret: Buffer) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'buildbid', 'device-cookie-v1', 32));
  }

  issue(email: string): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.#sign(email, id).toString('base64url')}`;
  }

  read(token: string, email: string): string | null {
    const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, id, signature] = match as unknown as [string, string, string];
    const given = Buffer.from(signature, 'base64url');
    const expected = this.#sign(email, id);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  #sign(email: string, id: string): Buffer {
    return createHmac('sha256', this.#key).update(`${email}\n${id}`, 'utf8').digest();
  }
}
