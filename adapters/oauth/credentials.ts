import { createHash, randomBytes } from 'node:crypto';
import type Provider from 'oidc-provider';
import type {
  OAuthAccessTokenInfo,
  OAuthAccessTokens,
  OAuthClientSecrets,
} from '../../application/oauth-apps/ports.ts';

/** Every client secret starts with this, so secret scanners can recognise a leaked one. */
export const CLIENT_SECRET_PREFIX = 'bbcs_';

/** The SHA-256 a confidential app's secret is stored as, and compared by (see createOAuthProvider). */
export const hashClientSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/**
 * Client secrets (docs/decisions/0213-oauth-apps-with-oidc-provider.md): `bbcs_` and 32 random bytes in
 * base64url (256 bits; base64url needs no escaping in HTTP Basic). Only the SHA-256 is stored: the
 * secret is random enough that a slow hash would add nothing but latency to every token request.
 */
export class RandomClientSecrets implements OAuthClientSecrets {
  newSecret(): { secret: string; hash: string } {
    const secret = `${CLIENT_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    return { secret, hash: hashClientSecret(secret) };
  }
}

/**
 * OAuthAccessTokens through the provider's own AccessToken model, so expiry, revocation and rotation
 * are oidc-provider's rules: a token counts only while it is unexpired, issued for the BuildBid API,
 * not bound to a key (DPoP or mTLS are off) and its grant still stands for the same user and app.
 */
export class ProviderAccessTokens implements OAuthAccessTokens {
  readonly #provider: Provider;
  readonly #apiResource: string;

  constructor(server: { provider: Provider; apiResource: string }) {
    this.#provider = server.provider;
    this.#apiResource = server.apiResource;
  }

  async find(value: string): Promise<OAuthAccessTokenInfo | null> {
    const token = await this.#provider.AccessToken.find(value);
    if (!token || token.isExpired || token.isSenderConstrained()) return null;
    const { grantId, accountId, clientId } = token;
    const audiences = [token.aud].flat();
    if (!grantId || !accountId || !clientId || !audiences.includes(this.#apiResource)) return null;
    const grant = await this.#provider.Grant.find(grantId);
    if (!grant || grant.accountId !== accountId || grant.clientId !== clientId) return null;
    return { grantId, clientId, accountId, scopes: (token.scope ?? '').split(' ').filter(Boolean) };
  }
}
