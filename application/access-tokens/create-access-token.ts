import {
  type AccessTokenSnapshot,
  MAX_ACTIVE_TOKENS,
  type NewAccessTokenInput,
  newAccessToken,
} from '../../domain/access/access-token.ts';
import { ACCESS_ERRORS } from '../../domain/access/errors.ts';
import type { User } from '../../domain/user/user.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { AccessTokenRepository, AccessTokenSecrets } from './ports.ts';

export type CreateAccessTokenInput = Pick<NewAccessTokenInput, 'name' | 'scopes' | 'expiresInDays'>;

/** 'Generate token': the secret is in this answer and nowhere else, ever. */
export class CreateAccessToken extends UseCase<{
  tokens: AccessTokenRepository;
  secrets: AccessTokenSecrets;
  ids: IdGenerator;
  clock: Clock;
}> {
  async execute(
    user: User,
    input: CreateAccessTokenInput,
  ): Promise<{ token: AccessTokenSnapshot; secret: string }> {
    const now = this.deps.clock.now();
    const { secret, hash } = this.deps.secrets.newSecret();
    const token = newAccessToken({
      ...input,
      id: this.deps.ids.next(),
      userId: user.id,
      secret,
      tokenHash: hash,
      now,
    });
    await this.deps.tokens.add(token, now, (activeCount) => {
      if (activeCount >= MAX_ACTIVE_TOKENS) throw ACCESS_ERRORS.TOKEN_LIMIT_REACHED();
    });
    return { token, secret };
  }
}
