import type { AccessTokenSnapshot } from '../../domain/access/access-token.ts';
import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { AccessTokenRepository } from './ports.ts';

/** The signed-in user's tokens, newest first: active, expired and revoked. */
export class ListAccessTokens extends UseCase<{ tokens: AccessTokenRepository }> {
  execute(user: User): Promise<AccessTokenSnapshot[]> {
    return this.deps.tokens.listForUser(user.id);
  }
}
