import { createHash, randomBytes } from 'node:crypto';

/**
 * What an OAuth test needs of a browser and an app (docs/decisions/0213-oauth-apps-with-oidc-provider.md):
 * a cookie jar that honours cookie paths (the interaction cookie is scoped to the consent page), and a
 * PKCE verifier with its S256 challenge.
 */

/** Cookies by name and path, sent where their path matches, as a browser does. */
export class CookieJar {
  readonly #cookies = new Map<string, { value: string; path: string }>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      const key = `${name};${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { value, path });
    }
  }

  headerFor(url: string): string {
    const { pathname } = new URL(url);
    return [...this.#cookies]
      .filter(
        ([, { path }]) => pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
      )
      .map(([key, { value }]) => `${key.split(';')[0]}=${value}`)
      .join('; ');
  }

  names(): string[] {
    return [...this.#cookies.keys()].map((key) => key.split(';')[0] as string);
  }
}

/** A PKCE verifier and its S256 challenge. */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
