import { ACCESS_ERRORS } from '../../domain/access/errors.ts';
import type { User } from '../../domain/user/user.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { AccessTokenRepository } from './ports.ts';

/** 'Revoke': from the next request on, the token answers 401 INVALID_TOKEN on every instance. */
export class RevokeAccessToken extends UseCase<{ tokens: AccessTokenRepository; clock: Clock }> {
  async execute(user: User, id: string): Promise<void> {
    if (!(await this.deps.tokens.revoke(user.id, id, this.deps.clock.now())))
      throw ACCESS_ERRORS.TOKEN_NOT_FOUND();
  }
}
