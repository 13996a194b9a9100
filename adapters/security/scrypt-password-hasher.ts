import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../../application/accounts/ports.ts';

const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * scrypt, a memory-hard KDF from node:crypto. The stored form carries its parameters
 * (`scrypt$N$r$p$salt$hash`), so they can be raised later without breaking old hashes.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  readonly #cost: number;

  /** cost is scrypt's N: 2^15 (32 MiB per hash) in production; tests may pass a smaller one. */
  constructor(cost = 2 ** 15) {
    this.#cost = cost;
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const r = 8;
    const p = 1;
    const key = await derive(password, salt, { N: this.#cost, r, p, maxmem: 256 * this.#cost * r });
    return ['scrypt', this.#cost, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64');
    const N = Number(n);
    const R = Number(r);
    const key = await derive(password, Buffer.from(salt, 'base64'), {
      N,
      r: R,
      p: Number(p),
      maxmem: 256 * N * R,
    });
    return key.length === expected.length && timingSafeEqual(key, expected);
  }
}
