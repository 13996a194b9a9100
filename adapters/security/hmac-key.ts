import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** A base64url HMAC-SHA256: 43 characters. */
const SIGNATURE = '[A-Za-z0-9_-]{43}';

/**
 * The key of one kind of signed token, derived with HKDF from the session secret under the kind's own label
 * (so the unsubscribe, verification and device keys never coincide with each other or the cookie key), and
 * the `{part}.{base64url(HMAC-SHA256)}` form those tokens take. Nothing about them is stored.
 */
export class HmacKey {
  readonly #key: Buffer;

  constructor(secret: Buffer, label: string) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'buildbid', label, 32));
  }

  /** `{part}.{signature}`, the signature over `signed`: the part with what else the token vouches for. */
  token(part: string, signed: string): string {
    return `${part}.${this.#mac(signed).toString('base64url')}`;
  }

  /**
   * The part of a token `{part}.{signature}` whose part matches `partPattern` and whose signature over
   * `signed(part)` is right (compared in constant time); null for anything else.
   */
  open(token: string, partPattern: string, signed: (part: string) => string): string | null {
    const match = new RegExp(`^(${partPattern})\\.(${SIGNATURE})$`).exec(token);
    if (!match) return null;
    const [, part, signature] = match as unknown as [string, string, string];
    const given = Buffer.from(signature, 'base64url');
    const expected = this.#mac(signed(part));
    return given.length === expected.length && timingSafeEqual(given, expected) ? part : null;
  }

  #mac(data: string): Buffer {
    return createHmac('sha256', this.#key).update(data, 'utf8').digest();
  }
}
