import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { AccessTokenSecrets } from '../../application/access-tokens/ports.ts';
import { TOKEN_PREFIX } from '../../domain/access/access-token.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` base-62 characters from the CSPRNG, without modulo bias (bytes of 248 and above are drawn again). */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

function base62(value: number, width: number): string {
  let out = '';
  for (let rest = value; out.length < width; rest = Math.floor(rest / 62)) out = BASE62[rest % 62] + out;
  return out;
}

/**
 * Personal access token secrets (decision 0211), shaped as GitHub's: `bbpat_`, 36 random base-62
 * characters (~214 bits) and a 6-character CRC32 of them, so a secret scanner can tell a real token from
 * a look-alike without asking us. Only the SHA-256 of the whole secret is stored: the secret is random
 * enough that a slow hash would add nothing but latency to every call.
 */
export class RandomAccessTokenSecrets implements AccessTokenSecrets {
  newSecret(): { secret: string; hash: string } {
    const body = randomBase62(36);
    const secret = `${TOKEN_PREFIX}${body}${base62(crc32(body), 6)}`;
    return { secret, hash: this.hash(secret) };
  }

  hash(secret: string): string {
    return createHash('sha256').update(secret, 'utf8').digest('hex');
  }
}

/** Whether a string has the shape and checksum of a personal access token (what a secret scanner checks). */
export function looksLikeAccessToken(candidate: string): boolean {
  const match = /^bbpat_([0-9A-Za-z]{36})([0-9A-Za-z]{6})$/.exec(candidate);
  return match !== null && base62(crc32(match[1] as string), 6) === match[2];
}
