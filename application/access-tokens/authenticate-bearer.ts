import { isUseWorthRecording, TOKEN_PREFIX, tokenStatus } from '../../domain/access/access-token.ts';
import { ACCESS_ERRORS } from '../../domain/access/errors.ts';
import type { Scope } from '../../domain/access/scopes.ts';
import type { User } from '../../domain/user/user.ts';
import type { UserRepository } from '../accounts/ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { AccessTokenRepository, AccessTokenSecrets } from './ports.ts';

/** Who a bearer token speaks for, and what it may do. */
export interface BearerCredential {
  /** A personal access token, or an OAuth app's token (AuthenticateOAuthToken, decision 0213). */
  kind: 'personal_access_token' | 'oauth_app';
  /** The token's id: the rate limit's key and what the logs name. */
  id: string;
  user: User;
  scopes: readonly Scope[];
}

/**
 * The caller behind `Authorization: Bearer <token>`: read from the database on every request, so a
 * revocation (by hand, or by a password change, a reset or a deletion) holds on every instance at once.
 * Unknown, expired and revoked tokens, and tokens of a deleted account, answer 401 INVALID_TOKEN alike.
 */
export class AuthenticateBearer extends UseCase<{
  tokens: AccessTokenRepository;
  secrets: AccessTokenSecrets;
  users: UserRepository;
  clock: Clock;
}> {
  async execute(secret: string, ip: string): Promise<BearerCredential> {
    if (!secret.startsWith(TOKEN_PREFIX)) throw ACCESS_ERRORS.INVALID_TOKEN();
    const token = await this.deps.tokens.findByHash(this.deps.secrets.hash(secret));
    const now = this.deps.clock.now();
    if (!token || tokenStatus(token, now) !== 'active') throw ACCESS_ERRORS.INVALID_TOKEN();
    const user = await this.deps.users.findById(token.userId);
    if (!user || user.isDeleted) throw ACCESS_ERRORS.INVALID_TOKEN();
    if (isUseWorthRecording(token, now, ip)) await this.deps.tokens.recordUse(token.id, now, ip);
    return { kind: 'personal_access_token', id: token.id, user, scopes: token.scopes };
  }
}
