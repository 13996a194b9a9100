import { ACCESS_ERRORS } from '../../domain/access/errors.ts';
import { SCOPE_NAMES } from '../../domain/access/scopes.ts';
import type { BearerCredential } from '../access-tokens/authenticate-bearer.ts';
import type { UserRepository } from '../accounts/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { OAuthAccessTokens } from './ports.ts';

/**
 * The caller behind an OAuth app's access token, in the shape AuthenticateBearer gives for a personal
 * access token; `id` is the grant, so each connection has its own rate limit (decision 0211).
 */
export interface OAuthBearerCredential extends Omit<BearerCredential, 'kind'> {
  kind: 'oauth_app';
  clientId: string;
}

/**
 * `Authorization: Bearer <token>` for a token an OAuth app obtained (anything that is not a personal
 * access token; docs/decisions/0213-oauth-apps-with-oidc-provider.md). Read on every request, as personal
 * access tokens are: unknown, expired and revoked tokens, tokens of a disconnected or deleted app and
 * tokens of a deleted account answer 401 INVALID_TOKEN alike.
 */
export class AuthenticateOAuthToken extends UseCase<{ tokens: OAuthAccessTokens; users: UserRepository }> {
  async execute(token: string): Promise<OAuthBearerCredential> {
    const found = token ? await this.deps.tokens.find(token) : null;
    if (!found) throw ACCESS_ERRORS.INVALID_TOKEN();
    const user = await this.deps.users.findById(found.accountId);
    if (!user || user.isDeleted) throw ACCESS_ERRORS.INVALID_TOKEN();
    const scopes = SCOPE_NAMES.filter((scope) => found.scopes.includes(scope));
    return { kind: 'oauth_app', id: found.grantId, clientId: found.clientId, user, scopes };
  }
}
