import { randomBytes } from 'node:crypto';
import type { DeviceCookies } from '../../application/accounts/ports.ts';
import { HmacKey } from './hmac-key.ts';

/**
 * Device cookies signed with HMAC-SHA256: `{id}.{signature}`, the id 16 random bytes, the signature over
 * the account's email and the id (OWASP's device cookie: login name, nonce, signature). Nothing is stored;
 * the key is derived with HKDF from the session secret under its own label, so rotating SESSION_SECRET
 * forgets every device (sign-ins then count per address again until the next success).
 */
export class HmacDeviceCookies implements DeviceCookies {
  readonly #key: HmacKey;

  constructor(secret: Buffer) {
    this.#key = new HmacKey(secret, 'device-cookie-v1');
  }

  issue(email: string): string {
    const id = randomBytes(16).toString('base64url');
    return this.#key.token(id, `${email}\n${id}`);
  }

  read(token: string, email: string): string | null {
    return this.#key.open(token, '[A-Za-z0-9_-]{22}', (id) => `${email}\n${id}`);
  }
}
